package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * {@code {"$seq": true}}: an update sequence, as CouchDB-compatible servers write them: a JSON string (CouchDB's are
 * opaque, e.g. {@code "3-g1AAAA..."}) or a non-negative whole number (PouchDB's, CouchDB 1.x's).
 */
final class SeqMatcher implements Matcher {

    private final JsonNode spec;

    SeqMatcher(JsonNode spec) {
        this.spec = spec;
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        if (actual.isPresent() && isSeq(actual.get())) {
            return MatchResult.ok();
        }
        return MatchResult.mismatch("", "expected an update sequence (a string or a non-negative integer), got "
                + JsonShow.brief(actual));
    }

    private static boolean isSeq(JsonNode node) {
        if (node.isTextual()) {
            return true;
        }
        return node.isNumber() && JsonNumbers.integral(node) && JsonNumbers.value(node).signum() >= 0;
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
