package org.couchtck.kit.endpoint;

/**
 * How a request step is repeated until its expectation holds (fixtures/README.md, "Polling").
 *
 * @param everyMillis the time from one attempt's sending to the next one's, in ms; positive
 * @param withinMillis the bound from the first attempt's sending: no attempt is sent later than this, in ms; at least
 *     {@code everyMillis}
 */
public record Poll(long everyMillis, long withinMillis) {

    public Poll {
        if (everyMillis <= 0) {
            throw new IllegalArgumentException("every must be positive, got " + everyMillis);
        }
        if (withinMillis < everyMillis) {
            throw new IllegalArgumentException("within (" + withinMillis + ") must be at least every (" + everyMillis
                    + ")");
        }
    }
}
