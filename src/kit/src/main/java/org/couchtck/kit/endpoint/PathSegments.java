package org.couchtck.kit.endpoint;

import java.util.Arrays;
import java.util.List;

/** A request path as the cluster rules read it: its segments, without the query and without empty ones. */
final class PathSegments {

    private PathSegments() {}

    /** {@code /db/_design/d/_view/v?x=1} as {@code [db, _design, d, _view, v]}. */
    static List<String> of(String path) {
        int query = path.indexOf('?');
        String bare = query < 0 ? path : path.substring(0, query);
        return Arrays.stream(bare.split("/")).filter(s -> !s.isEmpty()).toList();
    }
}
