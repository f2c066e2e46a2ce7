package org.couchtck.kit.endpoint;

import java.util.Locale;

/** Who ended a feed's response. */
public enum FeedEnd {
    /** The server ended the response (or broke the connection) before the kit stopped reading. */
    SERVER,
    /** The response was still open when the kit closed it. */
    CLIENT;

    /** The name fixtures use. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
