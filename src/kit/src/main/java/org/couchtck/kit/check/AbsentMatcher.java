package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * {@code {"$absent": true}}: no value at all. As a member of an object matcher it matches a missing key; as the
 * matcher of an HTTP header, a missing header.
 */
final class AbsentMatcher implements Matcher {

    private final JsonNode spec;

    AbsentMatcher(JsonNode spec) {
        this.spec = spec;
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        return actual.isEmpty()
                ? MatchResult.ok()
                : MatchResult.mismatch("", "expected no value (absent), got " + JsonShow.brief(actual));
    }

    /** Whether {@code matcher} accepts a missing object member: it is {@code $absent}, or a {@code $oneOf} holding it. */
    static boolean allowsMissing(Matcher matcher) {
        return matcher instanceof AbsentMatcher
                || matcher instanceof OneOfMatcher oneOf && oneOf.alternatives().stream()
                        .anyMatch(AbsentMatcher::allowsMissing);
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
