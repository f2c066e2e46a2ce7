package org.couchtck.kit.check;

import java.util.Objects;

/**
 * The outcome of a {@link Matcher}.
 *
 * @param matched whether the value matched
 * @param pointer JSON pointer of the mismatch inside the actual value ("" for the value itself, or when matched)
 * @param message expected vs actual, briefly; "" when matched
 * @param shape whether the mismatch is of shape: a scalar where an object or array was expected, or the other way
 *     (what a server that has no such thing answers; a server still at work answers the shape with other values)
 */
public record MatchResult(boolean matched, String pointer, String message, boolean shape) {

    private static final MatchResult OK = new MatchResult(true, "", "", false);

    public MatchResult {
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(message, "message");
    }

    /** A result that is not of shape. */
    public MatchResult(boolean matched, String pointer, String message) {
        this(matched, pointer, message, false);
    }

    /** A successful match. */
    public static MatchResult ok() {
        return OK;
    }

    /** A failed match at {@code pointer} (inside the actual value) with a short expected-vs-actual message. */
    public static MatchResult mismatch(String pointer, String message) {
        return new MatchResult(false, pointer, message, false);
    }

    /** A failed match of shape at {@code pointer}: a scalar where a container was expected, or the other way. */
    static MatchResult shapeMismatch(String pointer, String message) {
        return new MatchResult(false, pointer, message, true);
    }

    /** This result seen from the parent value: the pointer gains {@code token} (an array index or object key) in front. */
    MatchResult under(String token) {
        if (matched) {
            return this;
        }
        return new MatchResult(false, "/" + token.replace("~", "~0").replace("/", "~1") + pointer, message, shape);
    }
}
