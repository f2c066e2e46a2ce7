package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/** A literal array: same length, each element matched in order. */
final class ArrayMatcher implements Matcher {

    private final JsonNode spec;
    private final List<Matcher> elements;

    ArrayMatcher(JsonNode spec, List<Matcher> elements) {
        this.spec = spec;
        this.elements = List.copyOf(elements);
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        if (actual.isEmpty() || !actual.get().isArray()) {
            String message = "expected an array of " + elements.size() + ", got " + JsonShow.brief(actual);
            return actual.isPresent() && actual.get().isValueNode() ? MatchResult.shapeMismatch("", message)
                    : MatchResult.mismatch("", message);
        }
        JsonNode array = actual.get();
        if (array.size() != elements.size()) {
            return MatchResult.mismatch("", "expected " + elements.size() + " elements, got " + array.size() + ": "
                    + JsonShow.brief(array));
        }
        for (int i = 0; i < elements.size(); i++) {
            MatchResult result = elements.get(i).match(Optional.of(array.get(i)), scope);
            if (!result.matched()) {
                return result.under(Integer.toString(i));
            }
        }
        return MatchResult.ok();
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
