package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * {@code {"$as": {"name": N, "match": M}}}: a value M matches, bound to the name N for the steps after (the first time;
 * after that, the value bound must come again). What a case captures by what it is, not by where it stands: the
 * document a server gave a new id, wherever in an unordered reply it came.
 */
final class BindingMatcher implements Matcher {

    private final JsonNode spec;
    private final String name;
    private final Matcher value;

    BindingMatcher(JsonNode spec, String name, Matcher value) {
        this.spec = spec;
        this.name = name;
        this.value = value;
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        MatchResult result = value.match(actual, scope);
        if (!result.matched() || actual.isEmpty()) {
            return result;
        }
        Optional<JsonNode> before = scope.lookup(name);
        if (before.isPresent()) {
            return before.get().equals(actual.get()) ? MatchResult.ok()
                    : MatchResult.mismatch("", "expected {{" + name + "}} = " + JsonShow.brief(before) + ", got "
                            + JsonShow.brief(actual));
        }
        scope.bind(name, actual.get());
        return MatchResult.ok();
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
