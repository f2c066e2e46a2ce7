package org.couchtck.kit.endpoint;

import java.io.IOException;
import java.time.Instant;
import java.util.Optional;

/**
 * One open request whose response is read as it comes: the head once, then the body piece by piece. Reads happen on
 * one thread; {@link #close()} may be called from any thread at any moment.
 */
public interface FeedConnection extends AutoCloseable {

    /**
     * The response's status and headers, waiting for them until {@code deadline}.
     *
     * @return the head, or empty when it did not come by the deadline (or the kit closed the connection)
     * @throws EndpointUnreachableException when no connection could be made
     * @throws NoReplyException when the server closed the connection or answered something that is not HTTP
     * @throws InterruptedException when the waiting thread is interrupted
     */
    Optional<ResponseHead> awaitHead(Instant deadline) throws IOException, InterruptedException;

    /**
     * The next piece of the body, waiting until {@code deadline}: bytes, the end, a break, {@link BodyPiece.Kind#TIMEOUT}
     * when nothing came by then, or {@link BodyPiece.Kind#CLOSED} once the kit closed the connection. After a piece
     * that is {@link BodyPiece#last() last}, every call returns that piece again.
     *
     * @throws InterruptedException when the waiting thread is interrupted
     */
    BodyPiece next(Instant deadline) throws InterruptedException;

    /**
     * Ends the request: stops waiting for the head, cancels the body, frees the socket. Idempotent; a thread blocked
     * in {@link #next} returns {@link BodyPiece.Kind#CLOSED} at once.
     */
    @Override
    void close();
}
