package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.Optional;

/** {@code $atLeast} and {@code $atMost}: a number on one side of a bound, the bound included. */
final class BoundMatcher implements Matcher {

    /** Which side of the bound a matching number lies on. */
    enum Side {
        AT_LEAST(">="),
        AT_MOST("<=");

        private final String symbol;

        Side(String symbol) {
            this.symbol = symbol;
        }
    }

    private final JsonNode spec;
    private final Side side;
    private final BigDecimal bound;

    BoundMatcher(JsonNode spec, Side side, BigDecimal bound) {
        this.spec = spec;
        this.side = side;
        this.bound = bound;
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        if (actual.isPresent() && actual.get().isNumber() && JsonNumbers.finite(actual.get())) {
            int order = JsonNumbers.value(actual.get()).compareTo(bound);
            if (side == Side.AT_LEAST ? order >= 0 : order <= 0) {
                return MatchResult.ok();
            }
        }
        return MatchResult.mismatch("", "expected a number " + side.symbol + " " + bound.toPlainString() + ", got "
                + JsonShow.brief(actual));
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
