package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.WireJson;

/**
 * {@code {"$json": M}}: a string holding JSON text whose value M matches. For chunks a function writes with its
 * language's serialiser (a list sending {@code JSON.stringify(head)}), where spacing and the order of an object's
 * keys belong to the serialiser, not to the protocol.
 */
final class JsonTextMatcher implements Matcher {

    private final JsonNode spec;
    private final Matcher value;

    JsonTextMatcher(JsonNode spec, Matcher value) {
        this.spec = spec;
        this.value = value;
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        if (actual.isEmpty() || !actual.get().isTextual()) {
            return MatchResult.mismatch("", "expected a string of JSON text, got " + JsonShow.brief(actual));
        }
        JsonNode parsed;
        try {
            parsed = WireJson.parse(actual.get().textValue());
        } catch (MalformedLineException e) {
            return MatchResult.mismatch("", "expected a string of JSON text, got " + JsonShow.brief(actual)
                    + " (" + e.getMessage() + ")");
        }
        MatchResult result = value.match(Optional.of(parsed), scope);
        return result.matched() ? result
                : MatchResult.mismatch(result.pointer(), "in the JSON text: " + result.message());
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
