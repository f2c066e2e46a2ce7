package org.couchtck.kit.check;

import java.util.Objects;

/**
 * The outcome of a {@link Matcher}.
 *
 * @param matched whether the value matched
 * @param pointer JSON pointer of the mismatch inside the actual value ("" for the value itself, or when matched)
 * @param message expected vs actual, briefly; "" when matched
 */
public record MatchResult(boolean matched, String pointer, String message) {

    private static final MatchResult OK = new MatchResult(true, "", "");

    public MatchResult {
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(message, "message");
    }

    /** A successful match. */
    public static MatchResult ok() {
        return OK;
    }

    /** A failed match at {@code pointer} (inside the actual value) with a short expected-vs-actual message. */
    public static MatchResult mismatch(String pointer, String message) {
        return new MatchResult(false, pointer, message);
    }

    /** This result seen from the parent value: the pointer gains {@code token} (an array index or object key) in front. */
    MatchResult under(String token) {
        if (matched) {
            return this;
        }
        return new MatchResult(false, "/" + token.replace("~", "~0").replace("/", "~1") + pointer, message);
    }
}
