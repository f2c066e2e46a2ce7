package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.Optional;

/** {@code $approx}: a number within a tolerance of a value. */
final class ApproxMatcher implements Matcher {

    private final JsonNode spec;
    private final BigDecimal value;
    private final BigDecimal within;

    ApproxMatcher(JsonNode spec, BigDecimal value, BigDecimal within) {
        this.spec = spec;
        this.value = value;
        this.within = within;
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        if (actual.isPresent() && actual.get().isNumber() && JsonNumbers.finite(actual.get())
                && JsonNumbers.value(actual.get()).subtract(value).abs().compareTo(within) <= 0) {
            return MatchResult.ok();
        }
        return MatchResult.mismatch("", "expected " + value.toString() + " \u00b1 " + within.toString() + ", got "
                + JsonShow.brief(actual));
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
