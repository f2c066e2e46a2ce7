package org.couchtck.reference.endpoint;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the reference endpoint answered to one replayed request.
 *
 * @param status the status, or null when no response came (see {@code error})
 * @param headers response headers by lower-case name
 * @param body the whole body text (for a stream: the chunks read, concatenated)
 * @param chunks the HTTP chunks as they arrived, or null when the response was not read as a stream
 * @param endedByServer whether the server ended the response (false: the client closed it after its window)
 * @param endHow last-chunk, content-length, eof, malformed-chunked-encoding or close-after
 * @param endRelMs when the response ended, ms after the request was sent
 * @param error why there is no status: {@code closed: ...} (the server dropped the connection) or another failure
 */
record ActualResponse(Integer status, Map<String, String> headers, String body, List<StreamChunk> chunks,
        boolean endedByServer, String endHow, long endRelMs, String error) {

    static final String CLOSED = "closed: ";

    /** The server closed the connection before a status line. */
    static ActualResponse dropped(String why, long relMs) {
        return new ActualResponse(null, Map.of(), "", List.of(), true, "eof", relMs, CLOSED + why);
    }

    /** No response for another reason (a client-side timeout, a refused connection). */
    static ActualResponse failed(String why, long relMs) {
        return new ActualResponse(null, Map.of(), "", List.of(), false, "none", relMs, why);
    }

    Optional<String> header(String name) {
        return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
    }

    boolean droppedByServer() {
        return status == null && error != null && error.startsWith(CLOSED);
    }
}
