package org.couchtck.kit.endpoint;

import java.time.Instant;
import java.util.Objects;

/**
 * What {@link FeedConnection#next} delivered: bytes of the body, or why there are none.
 *
 * @param kind what happened
 * @param bytes the bytes, for {@link Kind#DATA}; empty otherwise
 * @param at when it happened
 * @param detail for {@link Kind#BROKEN}: how the connection broke; empty otherwise
 */
public record BodyPiece(Kind kind, byte[] bytes, Instant at, String detail) {

    /** What a body piece is. */
    public enum Kind {
        /** Bytes of the body. */
        DATA,
        /** The server ended the body. */
        END,
        /** The body stopped abnormally: the connection was reset, the chunked framing was broken. */
        BROKEN,
        /** Nothing came before the deadline; the connection stays open. */
        TIMEOUT,
        /** The kit closed the connection. */
        CLOSED
    }

    private static final byte[] NONE = new byte[0];

    public BodyPiece {
        Objects.requireNonNull(kind, "kind");
        bytes = bytes == null ? NONE : bytes;
        Objects.requireNonNull(at, "at");
        detail = detail == null ? "" : detail;
    }

    /** Bytes that came now. */
    public static BodyPiece data(byte[] bytes) {
        return new BodyPiece(Kind.DATA, bytes, Instant.now(), "");
    }

    /** The server ended the body now. */
    public static BodyPiece end() {
        return new BodyPiece(Kind.END, NONE, Instant.now(), "");
    }

    /** The body broke off now, as {@code detail} says. */
    public static BodyPiece broken(String detail) {
        return new BodyPiece(Kind.BROKEN, NONE, Instant.now(), detail);
    }

    /** The deadline passed with nothing new. */
    public static BodyPiece timeout() {
        return new BodyPiece(Kind.TIMEOUT, NONE, Instant.now(), "");
    }

    /** The kit closed the connection. */
    public static BodyPiece closed() {
        return new BodyPiece(Kind.CLOSED, NONE, Instant.now(), "");
    }

    /** Whether nothing follows this piece (end, broken or closed). */
    public boolean last() {
        return kind == Kind.END || kind == Kind.BROKEN || kind == Kind.CLOSED;
    }
}
