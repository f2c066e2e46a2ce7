package org.couchtck.reference.endpoint;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The rows of a live feed as chttpd_db's changes_callback gathers them before it sends them: rows are kept until the
 * next would take the buffer past {@value #THRESHOLD} bytes ({@code [chttpd] chunked_response_buffer}, so that a chunk
 * fits an Ethernet frame), and whatever is kept goes out as one chunk when the feed catches up and waits, or together
 * with the feed's last line.
 */
final class RowBuffer {

    static final int THRESHOLD = 1490;

    private final ApiResponse.Stream out;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();

    RowBuffer(ApiResponse.Stream out) {
        this.out = out;
    }

    /** Keeps {@code row}, first sending what is kept when the two together would pass the threshold. */
    void add(String row) throws IOException {
        byte[] bytes = row.getBytes(StandardCharsets.UTF_8);
        if (kept.size() > 0 && kept.size() + bytes.length > THRESHOLD) {
            flush();
        }
        kept.writeBytes(bytes);
    }

    /** Sends what is kept as one chunk, if anything is. */
    void flush() throws IOException {
        if (kept.size() > 0) {
            out.write(kept.toByteArray());
            kept.reset();
        }
    }

    /** Sends what is kept and {@code last} together, as one chunk. */
    void flushWith(String last) throws IOException {
        kept.writeBytes(last.getBytes(StandardCharsets.UTF_8));
        flush();
    }
}
