package org.couchtck.kit.endpoint;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

/**
 * Which requests read state that a cluster's copies share only eventually. A write returns once {@code w} of the
 * {@code n} copies of its shard range have it (fabric_doc_update); a view, {@code _all_docs}, a normal
 * {@code _changes} feed, {@code _find}, the database info and {@code /_db_updates} are answered from one copy of each
 * range, the first that responds (fabric_view, fabric_db_info), which may not have the write yet. A document read is
 * not among them: it asks {@code r} copies, a quorum that overlaps the write's.
 *
 * <p>On a cluster the executor sends such a read again, bounded, until its expectation holds: {@link #POLL}.
 */
public final class ClusterReads {

    /** How a cluster read is sent again: every 200 ms, for at most 20 s from the first. */
    public static final Poll POLL = new Poll(200, 20_000);

    private static final Set<String> DATABASE_READS = Set.of("_all_docs", "_design_docs", "_local_docs", "_changes",
            "_find", "_explain", "_index");
    private static final Set<String> DESIGN_READS = Set.of("_view", "_list", "_info");
    /** Design document paths whose GET may land on any of the reads above: a rewrite's target is the rule's. */
    private static final Set<String> DESIGN_RELAYS = Set.of("_rewrite");
    private static final Set<String> SERVER_READS = Set.of("_all_dbs", "_dbs_info", "_db_updates");

    private ClusterReads() {}

    /** Whether {@code method} of {@code path} (query included) reads what the copies share only eventually. */
    static boolean eventuallyConsistent(String method, String path) {
        if (!method.equals("GET") && !method.equals("HEAD") && !method.equals("POST")) {
            return false;
        }
        int query = path.indexOf('?');
        String parameters = query < 0 ? "" : path.substring(query + 1);
        List<String> segments = PathSegments.of(path);
        if (segments.isEmpty()) {
            return false;
        }
        if (segments.get(0).startsWith("_")) {
            return SERVER_READS.contains(segments.get(0)) && normalFeed(parameters)
                    && (method.equals("GET") || segments.get(0).equals("_dbs_info"));
        }
        if (segments.size() == 1) {
            return !method.equals("POST");
        }
        String second = segments.get(1);
        if (second.equals("_changes")) {
            return normalFeed(parameters);
        }
        if (DATABASE_READS.contains(second)) {
            return true;
        }
        return second.equals("_design") && segments.size() >= 4 && (DESIGN_READS.contains(segments.get(3))
                || DESIGN_RELAYS.contains(segments.get(3)) && !method.equals("POST"));
    }

    /** A feed that answers at once: no {@code feed}, or {@code feed=normal}. */
    private static boolean normalFeed(String parameters) {
        for (String parameter : parameters.split("&")) {
            int eq = parameter.indexOf('=');
            String name = eq < 0 ? parameter : parameter.substring(0, eq);
            if (name.equals("feed")) {
                String value = URLDecoder.decode(eq < 0 ? "" : parameter.substring(eq + 1), StandardCharsets.UTF_8);
                return value.equals("normal");
            }
        }
        return true;
    }
}
