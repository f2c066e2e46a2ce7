package org.couchtck.kit.endpoint;

/**
 * A step's expectation broke: the server answered wrongly, or not at all where an answer was due. Judged FAIL or
 * WARN by the case's level.
 */
final class StepFailure extends Exception {

    private static final long serialVersionUID = 1L;

    private final String expected;
    private final String actual;

    /**
     * @param message which step, what was expected and what came
     * @param expected the expectation, as fixture JSON or in words
     * @param actual what came
     */
    StepFailure(String message, String expected, String actual) {
        super(message);
        this.expected = expected;
        this.actual = actual;
    }

    String expected() {
        return expected;
    }

    String actual() {
        return actual;
    }
}
