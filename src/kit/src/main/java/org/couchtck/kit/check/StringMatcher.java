package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.function.Predicate;

/** {@code $startsWith}, {@code $contains} and {@code $regex}: a string with a property. */
final class StringMatcher implements Matcher {

    private final JsonNode spec;
    private final String expectation;
    private final Predicate<String> test;

    /**
     * @param expectation what is expected, for messages, e.g. {@code a string starting with "x"}
     */
    StringMatcher(JsonNode spec, String expectation, Predicate<String> test) {
        this.spec = spec;
        this.expectation = expectation;
        this.test = test;
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        if (actual.isPresent() && actual.get().isTextual() && test.test(actual.get().textValue())) {
            return MatchResult.ok();
        }
        return MatchResult.mismatch("", "expected " + expectation + ", got " + JsonShow.brief(actual));
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
