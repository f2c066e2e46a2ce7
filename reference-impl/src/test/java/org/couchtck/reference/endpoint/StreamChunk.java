package org.couchtck.reference.endpoint;

/**
 * One HTTP chunk of a streamed response, as CouchDB's recordings list them and as {@link RawHttpExchange} reads them.
 *
 * @param relMs when it arrived, in milliseconds after the request was sent
 * @param data the chunk's decoded text
 */
record StreamChunk(long relMs, String data) {

    private static final String EVENTSOURCE_HEARTBEAT = "event: heartbeat\ndata: \n\n";

    /** A keep-alive: a lone newline, or an eventsource heartbeat event. */
    boolean isHeartbeat() {
        return data.equals("\n") || data.equals(EVENTSOURCE_HEARTBEAT);
    }
}
