package org.couchtck.kit.wire;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * Reads {@code '\n'}-terminated lines of UTF-8 with a cap on the bytes kept per line, so that a server printing a
 * gigabyte without a newline cannot exhaust the heap. The newline is removed; a {@code '\r'} before it is kept (a CRLF
 * reply is a fault the kit must be able to see). Invalid UTF-8 decodes to U+FFFD. Not thread-safe: one reader at a
 * time.
 */
public final class BoundedLineReader {

    /**
     * One line read.
     *
     * @param text the line without its {@code '\n'}; for a truncated line, the decoded first {@code maxLineBytes} bytes
     * @param truncated whether the line was longer than the cap and only its start is in {@code text}
     * @param byteLength the line's full length in bytes, newline excluded
     * @param terminated whether the line ended with {@code '\n'}; false for a last line cut off by end of input
     * @param validUtf8 whether the bytes kept were valid UTF-8 (false: {@code text} holds U+FFFD where they were not)
     */
    public record Line(String text, boolean truncated, long byteLength, boolean terminated, boolean validUtf8) {
        public Line {
            Objects.requireNonNull(text, "text");
        }

        /** A line of valid UTF-8. */
        public Line(String text, boolean truncated, long byteLength, boolean terminated) {
            this(text, truncated, byteLength, terminated, true);
        }
    }

    private static final int BUFFER_BYTES = 64 * 1024;

    private final InputStream in;
    private final int maxLineBytes;
    private final LongConsumer onOverflow;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private int position;
    private int limit;
    private boolean endOfInput;
    // The line being read: a poll may stop in its middle.
    private long lineLength;
    private boolean overflowed;

    /** A reader that keeps at most {@code maxLineBytes} bytes of a line. */
    public BoundedLineReader(InputStream in, int maxLineBytes) {
        this(in, maxLineBytes, bytesSoFar -> {});
    }

    /**
     * A reader that keeps at most {@code maxLineBytes} bytes of a line and calls {@code onOverflow} with the bytes read
     * so far as soon as a line passes the cap, before draining the rest of it: a caller waiting for a reply need not
     * wait for the end of a line that may never end.
     */
    public BoundedLineReader(InputStream in, int maxLineBytes, LongConsumer onOverflow) {
        if (maxLineBytes <= 0) {
            throw new IllegalArgumentException("maxLineBytes must be positive, was " + maxLineBytes);
        }
        this.in = Objects.requireNonNull(in, "in");
        this.maxLineBytes = maxLineBytes;
        this.onOverflow = Objects.requireNonNull(onOverflow, "onOverflow");
    }

    /**
     * The next line, or empty at end of input. A line over the cap is returned only once all of it was read and
     * dropped; a last line without a newline is returned with {@code terminated} false.
     *
     * @throws IOException when reading the stream fails
     */
    public Optional<Line> readLine() throws IOException {
        return next(true);
    }

    /**
     * The next line if the bytes already read or waiting in the stream ({@link InputStream#available()}) complete one,
     * otherwise empty at once: never blocks, and never sees the end of input (only {@link #readLine()} does). A line
     * begun here is finished by whichever of the two methods is called next.
     *
     * @throws IOException when reading the stream fails
     */
    public Optional<Line> pollLine() throws IOException {
        return next(false);
    }

    private Optional<Line> next(boolean block) throws IOException {
        while (true) {
            if (position == limit && !(block ? fill() : fillAvailable())) {
                if (!block || lineLength == 0) {
                    return Optional.empty();
                }
                return Optional.of(endLine(false));
            }
            int newline = indexOfNewline();
            int end = newline < 0 ? limit : newline;
            int chunk = end - position;
            int room = maxLineBytes - kept.size();
            kept.write(buffer, position, Math.min(chunk, Math.max(room, 0)));
            lineLength += chunk;
            position = newline < 0 ? limit : newline + 1;
            if (!overflowed && lineLength > maxLineBytes) {
                overflowed = true;
                onOverflow.accept(lineLength);
            }
            if (newline >= 0) {
                return Optional.of(endLine(true));
            }
        }
    }

    private Line endLine(boolean terminated) {
        String text = decode();
        Line line = new Line(text, overflowed, lineLength, terminated, validUtf8(text, overflowed));
        kept.reset();
        lineLength = 0;
        overflowed = false;
        return line;
    }

    private int indexOfNewline() {
        for (int i = position; i < limit; i++) {
            if (buffer[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private boolean fill() throws IOException {
        if (endOfInput) {
            return false;
        }
        int read = in.read(buffer, 0, buffer.length);
        if (read < 0) {
            endOfInput = true;
            return false;
        }
        position = 0;
        limit = read;
        return true;
    }

    private boolean fillAvailable() throws IOException {
        if (endOfInput) {
            return false;
        }
        int waiting = in.available();
        if (waiting <= 0) {
            return false;
        }
        int read = in.read(buffer, 0, Math.min(waiting, buffer.length));
        if (read < 0) {
            endOfInput = true;
            return false;
        }
        position = 0;
        limit = read;
        return read > 0;
    }

    /**
     * Whether the kept bytes were valid UTF-8. Only a text with U+FFFD in it can come from invalid bytes, so the strict
     * check runs only then (a line cut at the cap may end inside a character: that end does not count).
     */
    private boolean validUtf8(String text, boolean truncated) {
        if (text.indexOf('\uFFFD') < 0) {
            return true;
        }
        byte[] bytes = kept.toByteArray();
        int length = bytes.length;
        if (truncated) {
            // Drop a character the cap cut in two: at most three bytes of an unfinished sequence.
            int start = Math.max(0, length - 3);
            for (int i = length - 1; i >= start; i--) {
                if ((bytes[i] & 0xC0) == 0xC0) {
                    length = i;
                    break;
                }
                if ((bytes[i] & 0x80) == 0) {
                    break;
                }
            }
        }
        try {
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes, 0, length));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private String decode() {
        // String decoding replaces every malformed sequence with U+FFFD and never throws.
        return kept.toString(StandardCharsets.UTF_8);
    }
}
