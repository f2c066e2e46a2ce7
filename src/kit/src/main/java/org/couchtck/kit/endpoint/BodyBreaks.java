package org.couchtck.kit.endpoint;

import java.io.IOException;
import org.apache.hc.core5.http.MalformedChunkCodingException;
import org.apache.hc.core5.http.TruncatedChunkException;

/** Why a response body stopped before its end, in plain words, from what HttpCore threw while reading it. */
final class BodyBreaks {

    /** The most characters of the server's bytes quoted in a detail. */
    private static final int QUOTED = 80;

    private BodyBreaks() {
    }

    /** The detail of a {@link BodyPiece#broken} piece for {@code failure}. */
    static String detail(IOException failure) {
        String message = HttpFailures.describe(failure);
        if (failure instanceof TruncatedChunkException) {
            return "the connection closed in the middle of a chunk: " + message;
        }
        if (failure instanceof MalformedChunkCodingException) {
            // HttpCore quotes the line it found where a chunk size was due ("Bad chunk header: <line>"). CouchDB 3.5.2
            // writes a whole new response there after some errors; say so rather than quote a parser.
            int response = message.indexOf("HTTP/");
            if (response >= 0) {
                return "the server began a new HTTP response (\"" + quoted(message.substring(response))
                        + "\") inside the chunked body, where a chunk size was due";
            }
            return "the chunked framing broke: " + quoted(message);
        }
        return message;
    }

    private static String quoted(String text) {
        String line = text.strip();
        return line.length() <= QUOTED ? line : line.substring(0, QUOTED) + "…";
    }
}
