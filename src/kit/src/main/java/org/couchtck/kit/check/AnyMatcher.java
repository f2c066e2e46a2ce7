package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** {@code {"$any": true}}: anything, including no reply. */
final class AnyMatcher implements Matcher {

    private final JsonNode spec;

    AnyMatcher(JsonNode spec) {
        this.spec = spec;
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        return MatchResult.ok();
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
