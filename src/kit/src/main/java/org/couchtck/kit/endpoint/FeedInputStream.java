package org.couchtck.kit.endpoint;

import java.io.InputStream;
import java.io.InterruptedIOException;
import java.time.Instant;

/**
 * The body of a {@link FeedConnection} as a stream that ends, at the latest, at a deadline: whatever stops it (the
 * server ending the body, a break, the deadline, the kit closing it) reads as end of input, and {@link #stop()} says
 * which it was. So a line reader on top of it returns a last unfinished line instead of losing it.
 */
final class FeedInputStream extends InputStream {

    /** Why the stream ended. */
    enum Stop {
        /** Not ended yet. */
        NONE,
        /** The server ended the body. */
        SERVER_ENDED,
        /** The body broke off ({@link #brokenDetail()} says how). */
        BROKEN,
        /** The deadline passed with the body still open. */
        DEADLINE,
        /** The kit closed the connection. */
        CLOSED
    }

    private final FeedConnection connection;
    private final Instant deadline;
    private byte[] current = new byte[0];
    private int position;
    private Stop stop = Stop.NONE;
    private String brokenDetail = "";

    FeedInputStream(FeedConnection connection, Instant deadline) {
        this.connection = connection;
        this.deadline = deadline;
    }

    @Override
    public int read() throws InterruptedIOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws InterruptedIOException {
        if (length == 0) {
            return 0;
        }
        while (position == current.length) {
            if (stop != Stop.NONE) {
                return -1;
            }
            BodyPiece piece;
            try {
                piece = connection.next(deadline);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while reading the feed");
            }
            switch (piece.kind()) {
                case DATA -> {
                    current = piece.bytes();
                    position = 0;
                }
                case END -> stop = Stop.SERVER_ENDED;
                case BROKEN -> {
                    stop = Stop.BROKEN;
                    brokenDetail = piece.detail();
                }
                case TIMEOUT -> stop = Stop.DEADLINE;
                case CLOSED -> stop = Stop.CLOSED;
                default -> throw new IllegalStateException("unknown piece " + piece.kind());
            }
        }
        int n = Math.min(length, current.length - position);
        System.arraycopy(current, position, buffer, offset, n);
        position += n;
        return n;
    }

    /** Why the stream ended; {@link Stop#NONE} while it has not. */
    Stop stop() {
        return stop;
    }

    /** How the body broke off, for {@link Stop#BROKEN}. */
    String brokenDetail() {
        return brokenDetail;
    }
}
