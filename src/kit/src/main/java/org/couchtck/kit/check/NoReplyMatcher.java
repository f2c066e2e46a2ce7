package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** {@code {"$noreply": true}}: no reply line came (timeout or end of output). */
final class NoReplyMatcher implements Matcher {

    private final JsonNode spec;

    NoReplyMatcher(JsonNode spec) {
        this.spec = spec;
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        return actual.isEmpty()
                ? MatchResult.ok()
                : MatchResult.mismatch("", "expected no reply, got " + JsonShow.brief(actual));
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
