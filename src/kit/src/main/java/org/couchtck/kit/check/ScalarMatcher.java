package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** A literal string, number, boolean or null; numbers compare by value. */
final class ScalarMatcher implements Matcher {

    private final JsonNode expected;

    ScalarMatcher(JsonNode expected) {
        this.expected = expected;
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        if (actual.isPresent() && equal(expected, actual.get())) {
            return MatchResult.ok();
        }
        return MatchResult.mismatch("", "expected " + JsonShow.brief(expected) + ", got " + JsonShow.brief(actual));
    }

    private static boolean equal(JsonNode expected, JsonNode actual) {
        if (expected.isNumber() || actual.isNumber()) {
            return expected.isNumber() && actual.isNumber() && JsonNumbers.equal(expected, actual);
        }
        return expected.getNodeType() == actual.getNodeType() && expected.equals(actual);
    }

    @Override
    public JsonNode spec() {
        return expected;
    }
}
