package org.couchtck.reference.daemons;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A daemon's output cut into lines at {@code \n}, keeping at most a bound of bytes of each: a daemon writing one
 * endless line costs the host that bound, not its memory. (CouchDB read 1024-byte pieces and joined them, with no
 * bound.)
 */
final class BoundedLines {

    /**
     * One line without its newline.
     *
     * @param bytes its first bytes, up to the bound
     * @param length how long it was
     */
    record Line(byte[] bytes, long length) {}

    private final InputStream in;
    private final int maxBytes;
    private final byte[] buffer = new byte[8192];
    private int position;
    private int limit;

    BoundedLines(InputStream in, int maxBytes) {
        if (maxBytes < 1) {
            throw new IllegalArgumentException("a line bound is positive: " + maxBytes);
        }
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /** The next complete line; null at the end of the stream, where a line without its newline is dropped. */
    Line next() throws IOException {
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        long length = 0;
        while (true) {
            if (position == limit) {
                int read = in.read(buffer);
                if (read < 0) {
                    return null;
                }
                position = 0;
                limit = read;
            }
            int newline = position;
            while (newline < limit && buffer[newline] != '\n') {
                newline++;
            }
            int taken = newline - position;
            if (length < maxBytes) {
                kept.write(buffer, position, (int) Math.min(taken, maxBytes - length));
            }
            length += taken;
            if (newline < limit) {
                position = newline + 1;
                return new Line(kept.toByteArray(), length);
            }
            position = limit;
        }
    }
}
