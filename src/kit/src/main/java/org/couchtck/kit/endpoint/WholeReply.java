package org.couchtck.kit.endpoint;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Predicate;

/** Reads a whole reply off a {@link FeedConnection}, bounded in time and size. */
final class WholeReply {

    /** The most body bytes kept of a reply; the rest is not read. */
    static final int MAX_BODY_BYTES = 16 * 1024 * 1024;

    private WholeReply() {
    }

    /** How long the body of a reply whose head is already wrong is read: its error body comes at once. */
    static final Duration WRONG_HEAD_BODY = Duration.ofSeconds(1);

    /** The reply on {@code connection}, head and body both by {@code deadline} ({@code bound} after the request). */
    static HttpReply read(FeedConnection connection, Instant deadline, Duration bound)
            throws IOException, InterruptedException {
        return read(connection, deadline, bound, head -> false);
    }

    /**
     * As {@link #read(FeedConnection, Instant, Duration)}, but the body of a reply whose head {@code wrong} refuses is
     * read for {@link #WRONG_HEAD_BODY} at most: a server that answers a wrong status and then streams on (200 to
     * {@code heartbeat=abc}) is judged by its status, not waited for.
     */
    static HttpReply read(FeedConnection connection, Instant headDeadline, Duration headBound,
            Predicate<ResponseHead> wrong) throws IOException, InterruptedException {
        ResponseHead head = connection.awaitHead(headDeadline).orElseThrow(() -> new NoReplyException(
                "no response within " + headBound.toMillis() + " ms"));
        Instant deadline = headDeadline;
        Duration bound = headBound;
        if (wrong.test(head)) {
            Instant soon = Instant.now().plus(WRONG_HEAD_BODY);
            if (soon.isBefore(deadline)) {
                deadline = soon;
                bound = WRONG_HEAD_BODY;
            }
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        String incomplete = null;
        while (incomplete == null) {
            BodyPiece piece = connection.next(deadline);
            switch (piece.kind()) {
                case DATA -> {
                    int room = MAX_BODY_BYTES - body.size();
                    body.write(piece.bytes(), 0, Math.min(room, piece.bytes().length));
                    if (piece.bytes().length > room) {
                        incomplete = "the body is longer than " + MAX_BODY_BYTES + " bytes; the rest was not read";
                    }
                }
                case END -> {
                    return new HttpReply(head.status(), head.headers(), body.toString(StandardCharsets.UTF_8),
                            Optional.empty(), head.setAside());
                }
                case BROKEN -> incomplete = "the connection broke after " + body.size() + " bytes of the body: "
                        + piece.detail();
                case TIMEOUT -> incomplete = "the body did not end within " + bound.toMillis() + " ms ("
                        + body.size() + " bytes came)";
                case CLOSED -> incomplete = "the kit closed the connection after " + body.size()
                        + " bytes of the body";
                default -> throw new IllegalStateException("unknown piece " + piece.kind());
            }
        }
        return new HttpReply(head.status(), head.headers(), body.toString(StandardCharsets.UTF_8),
                Optional.of(incomplete), head.setAside());
    }
}
