package org.couchtck.reference.endpoint;

import java.io.IOException;

/**
 * The rows of a live feed as chttpd_db's changes_callback gathers them before it sends them: rows are kept until the
 * next would take the buffer past {@value #THRESHOLD} bytes ({@code [chttpd] chunked_response_buffer}, so that a chunk
 * fits an Ethernet frame), and whatever is kept goes out as one chunk when the feed catches up and waits, or together
 * with the feed's last line.
 */
final class RowBuffer {

    static final int THRESHOLD = 1490;

    private final ApiResponse.Stream out;
    private final StringBuilder kept = new StringBuilder();
    private int keptBytes;

    RowBuffer(ApiResponse.Stream out) {
        this.out = out;
    }

    /** Keeps {@code row}, first sending what is kept when the two together would pass the threshold. */
    void add(String row) throws IOException {
        int bytes = Utf8.length(row);
        if (keptBytes > 0 && keptBytes + bytes > THRESHOLD) {
            flush();
        }
        kept.append(row);
        keptBytes += bytes;
    }

    /** Sends what is kept as one chunk, if anything is. */
    void flush() throws IOException {
        if (keptBytes > 0) {
            out.write(take());
        }
    }

    /** What is kept, taken out of the buffer (to send with a last line). */
    String take() {
        String text = kept.toString();
        kept.setLength(0);
        keptBytes = 0;
        return text;
    }

    /** UTF-8 lengths without encoding. */
    private static final class Utf8 {
        private Utf8() {}

        static int length(String text) {
            int bytes = 0;
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c < 0x80) {
                    bytes++;
                } else if (c < 0x800) {
                    bytes += 2;
                } else if (Character.isHighSurrogate(c)) {
                    bytes += 4;
                    i++;
                } else {
                    bytes += 3;
                }
            }
            return bytes;
        }
    }
}
