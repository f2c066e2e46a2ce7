package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** A matcher reported under another spec: {@code $literal} shows its operator form, not the bare value. */
final class LabelledMatcher implements Matcher {

    private final JsonNode spec;
    private final Matcher inner;

    LabelledMatcher(JsonNode spec, Matcher inner) {
        this.spec = spec;
        this.inner = inner;
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        return inner.match(actual, scope);
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
