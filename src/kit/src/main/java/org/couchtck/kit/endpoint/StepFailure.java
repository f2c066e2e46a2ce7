package org.couchtck.kit.endpoint;

import org.couchtck.kit.check.MatchResult;

/**
 * A step's expectation broke: the server answered wrongly, or not at all where an answer was due. Judged FAIL or
 * WARN by the case's level.
 */
final class StepFailure extends Exception {

    private static final long serialVersionUID = 1L;

    private final String expected;
    private final String actual;
    private final boolean shape;

    /**
     * @param message which step, what was expected and what came
     * @param expected the expectation, as fixture JSON or in words
     * @param actual what came
     */
    StepFailure(String message, String expected, String actual) {
        this(message, expected, actual, false);
    }

    /** @param shape whether what came has another shape than the one expected (see {@link MatchResult#shape()}) */
    StepFailure(String message, String expected, String actual, boolean shape) {
        super(message);
        this.expected = expected;
        this.actual = actual;
        this.shape = shape;
    }

    /** Whether what came has another shape than the one expected: a scalar where an object was due, say. */
    boolean shape() {
        return shape;
    }

    String expected() {
        return expected;
    }

    String actual() {
        return actual;
    }
}
