package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * {@code {"$exact": V}}: what CouchDB 3.5.2 itself answers there, byte for byte, which no client relies on (an error's
 * {@code reason} text, a length of its uuids): only the {@code exact} profile asks for exactly V; any other takes any
 * value of V's JSON type (a string for a text, a number for a number).
 */
final class ExactMatcher implements Matcher {

    private final JsonNode spec;
    private final JsonNode value;
    private final Matcher literal;

    ExactMatcher(JsonNode spec, JsonNode value, Matcher literal) {
        this.spec = spec;
        this.value = value;
        this.literal = literal;
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        if (scope.exact()) {
            MatchResult result = literal.match(actual, scope);
            return result.matched() ? result : MatchResult.mismatch(result.pointer(), result.message()
                    + " (CouchDB 3.5.2's own, asked for by the exact profile)");
        }
        if (actual.isPresent() && actual.get().getNodeType() == value.getNodeType()) {
            return MatchResult.ok();
        }
        return MatchResult.mismatch("", "expected a value of type " + value.getNodeType().name().toLowerCase(
                java.util.Locale.ROOT) + " (CouchDB 3.5.2 answers "
                + JsonShow.brief(Optional.of(value)) + "), got " + JsonShow.brief(actual));
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
