package org.couchtck.kit.endpoint;

import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A {@link FeedConnection} that delivers scripted body pieces; what is not scripted never comes. */
final class ScriptedFeed implements FeedConnection {

    private final LinkedBlockingQueue<BodyPiece> pieces = new LinkedBlockingQueue<>();
    private volatile boolean closed;
    private BodyPiece last;

    /** Bytes of the body, as one piece. */
    ScriptedFeed data(String text) {
        pieces.add(BodyPiece.data(text.getBytes(StandardCharsets.UTF_8)));
        return this;
    }

    /** The server ends the body. */
    ScriptedFeed end() {
        pieces.add(BodyPiece.end());
        return this;
    }

    /** The connection breaks. */
    ScriptedFeed broken(String detail) {
        pieces.add(BodyPiece.broken(detail));
        return this;
    }

    boolean closed() {
        return closed;
    }

    @Override
    public Optional<ResponseHead> awaitHead(Instant deadline) {
        return Optional.of(new ResponseHead(200, HttpHeaders.of(Map.of(), (name, value) -> true), Instant.now()));
    }

    @Override
    public BodyPiece next(Instant deadline) throws InterruptedException {
        if (closed) {
            return BodyPiece.closed();
        }
        if (last != null && last.last()) {
            return last;
        }
        BodyPiece piece = pieces.poll(Math.max(0, Duration.between(Instant.now(), deadline).toMillis()),
                TimeUnit.MILLISECONDS);
        if (piece == null) {
            return BodyPiece.timeout();
        }
        last = closed ? BodyPiece.closed() : piece;
        return last;
    }

    @Override
    public void close() {
        closed = true;
        pieces.add(BodyPiece.closed());
    }
}
