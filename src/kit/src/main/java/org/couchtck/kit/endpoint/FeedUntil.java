package org.couchtck.kit.endpoint;

import java.util.Objects;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * When the kit stops reading a feed (besides the server ending it).
 *
 * @param events stop once this many events (heartbeats not counted) came
 * @param withinMillis stop this long after the request was sent; empty: the run's feed bound
 */
public record FeedUntil(OptionalInt events, OptionalLong withinMillis) {

    /** No condition of the case's own. */
    public static final FeedUntil NONE = new FeedUntil(OptionalInt.empty(), OptionalLong.empty());

    public FeedUntil {
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(withinMillis, "withinMillis");
    }
}
