package org.couchtck.kit.endpoint;

import java.util.Arrays;
import java.util.Locale;

/** How a feed's body is read. */
public enum FeedKind {
    /** Newline-delimited JSON; an empty line is a heartbeat; an object with {@code last_seq} ends it. */
    CONTINUOUS,
    /** {@code text/event-stream}: events ended by a blank line; {@code heartbeat} events are counted apart. */
    EVENTSOURCE,
    /** One JSON body the server ends when a change came (or on timeout); empty lines in it are heartbeats. */
    LONGPOLL,
    /** One JSON body, as for longpoll. */
    NORMAL;

    /** The name fixtures use. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the body is one JSON document whose {@code results} are the events. */
    public boolean wholeBody() {
        return this == LONGPOLL || this == NORMAL;
    }

    /** The kind named {@code text}; throws IllegalArgumentException naming the kinds otherwise. */
    public static FeedKind parse(String text) {
        for (FeedKind kind : values()) {
            if (kind.id().equals(text)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("kind must be one of " + Arrays.stream(values()).map(FeedKind::id)
                .toList() + ", got '" + text + "'");
    }
}
