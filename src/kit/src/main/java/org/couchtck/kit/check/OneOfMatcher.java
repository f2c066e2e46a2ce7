package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@code $oneOf}: a value any of the alternatives matches. */
final class OneOfMatcher implements Matcher {

    private final JsonNode spec;
    private final List<Matcher> alternatives;

    OneOfMatcher(JsonNode spec, List<Matcher> alternatives) {
        this.spec = spec;
        this.alternatives = List.copyOf(alternatives);
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        List<String> misses = new ArrayList<>();
        for (Matcher alternative : alternatives) {
            MatchScope trial = scope.fork();
            MatchResult result = alternative.match(actual, trial);
            if (result.matched()) {
                scope.adopt(trial);
                return result;
            }
            misses.add((result.pointer().isEmpty() ? "" : result.pointer() + ": ") + result.message());
        }
        return MatchResult.mismatch("", "none of " + alternatives.size() + " alternatives matched: "
                + String.join(" | ", misses));
    }

    /** The alternatives, in order. */
    List<Matcher> alternatives() {
        return alternatives;
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
