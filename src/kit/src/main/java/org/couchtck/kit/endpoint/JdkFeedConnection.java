package org.couchtck.kit.endpoint;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ProtocolException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.Flow;

/**
 * A {@link FeedConnection} over the JDK's HTTP client. The body arrives through a subscriber that asks for one more
 * buffer only after the reader took the last one, so a server that floods the kit fills no memory; closing cancels
 * the subscription (the client then closes the socket) or, before the head, the exchange itself.
 */
final class JdkFeedConnection implements FeedConnection {

    private final Duration headTimeout;
    private final CompletableFuture<ResponseHead> head = new CompletableFuture<>();
    private final LinkedBlockingQueue<BodyPiece> pieces = new LinkedBlockingQueue<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The body ended (completely or with an error): the client may already have pooled the connection again. */
    private final AtomicBoolean bodyDone = new AtomicBoolean();
    private volatile Flow.Subscription subscription;
    private volatile CompletableFuture<HttpResponse<Void>> exchange;
    /** The last piece the reader got, once it got one; touched by the reading thread only. */
    private BodyPiece last;

    private JdkFeedConnection(Duration headTimeout) {
        this.headTimeout = headTimeout;
    }

    /** Sends {@code request} on {@code client} and returns at once; the head and body come as the server sends them. */
    static JdkFeedConnection open(HttpClient client, HttpRequest request) {
        JdkFeedConnection connection = new JdkFeedConnection(request.timeout().orElse(Duration.ZERO));
        CompletableFuture<HttpResponse<Void>> exchange = client.sendAsync(request, connection::subscriber);
        connection.exchange = exchange;
        exchange.whenComplete((response, failure) -> {
            if (failure != null) {
                connection.head.completeExceptionally(failure);
            }
        });
        return connection;
    }

    private HttpResponse.BodySubscriber<Void> subscriber(HttpResponse.ResponseInfo info) {
        head.complete(new ResponseHead(info.statusCode(), info.headers(), Instant.now()));
        return new Body();
    }

    @Override
    public Optional<ResponseHead> awaitHead(Instant deadline) throws IOException, InterruptedException {
        try {
            return Optional.of(head.get(millisUntil(deadline), TimeUnit.MILLISECONDS));
        } catch (TimeoutException | CancellationException e) {
            return Optional.empty();
        } catch (ExecutionException e) {
            if (closed.get()) {
                // The kit's own close cancelled the exchange: that is no failure of the server.
                return Optional.empty();
            }
            throw classified(e.getCause(), headTimeout);
        }
    }

    @Override
    public BodyPiece next(Instant deadline) throws InterruptedException {
        if (closed.get()) {
            return BodyPiece.closed();
        }
        if (last != null && last.last()) {
            return last;
        }
        BodyPiece piece = pieces.poll(millisUntil(deadline), TimeUnit.MILLISECONDS);
        if (piece == null) {
            return BodyPiece.timeout();
        }
        if (closed.get()) {
            return BodyPiece.closed();
        }
        last = piece;
        if (piece.kind() == BodyPiece.Kind.DATA) {
            Flow.Subscription s = subscription;
            if (s != null) {
                s.request(1);
            }
        }
        return piece;
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        head.cancel(false);
        if (!bodyDone.get()) {
            // Cancelling a body that already ended would close a connection the client has pooled again, under
            // whichever request took it next.
            Flow.Subscription s = subscription;
            if (s != null) {
                s.cancel();
            }
            CompletableFuture<HttpResponse<Void>> e = exchange;
            if (e != null) {
                e.cancel(true);
            }
        }
        pieces.add(BodyPiece.closed());
    }

    private static long millisUntil(Instant deadline) {
        return Math.max(0, Duration.between(Instant.now(), deadline).toMillis());
    }

    /**
     * What a failed exchange means for a case: no connection at all ({@link EndpointUnreachableException}), or a
     * connection without a response ({@link NoReplyException}).
     */
    static IOException classified(Throwable failure, Duration headTimeout) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof HttpConnectTimeoutException) {
                return new EndpointUnreachableException("could not connect within " + headTimeout.toMillis()
                        + " ms: " + t.getMessage(), failure);
            }
            if (t instanceof ConnectException || t instanceof UnresolvedAddressException) {
                return new EndpointUnreachableException("could not connect: " + describe(t), failure);
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof HttpTimeoutException) {
                return new NoReplyException("no response within " + headTimeout.toMillis() + " ms", failure);
            }
            if (t instanceof ProtocolException) {
                return new NoReplyException("not an HTTP response: " + describe(t), failure);
            }
        }
        return new NoReplyException("the connection closed before a response: " + describe(failure), failure);
    }

    /** A throwable in a few words: its message, else its type. */
    static String describe(Throwable t) {
        String message = t.getMessage();
        return message == null || message.isBlank() ? t.getClass().getSimpleName() : message;
    }

    /** Hands the body's buffers to the reader one at a time. */
    private final class Body implements HttpResponse.BodySubscriber<Void> {

        @Override
        public CompletionStage<Void> getBody() {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            if (closed.get()) {
                s.cancel();
            } else {
                s.request(1);
            }
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            int size = buffers.stream().mapToInt(ByteBuffer::remaining).sum();
            if (size == 0) {
                subscription.request(1);
                return;
            }
            byte[] bytes = new byte[size];
            int at = 0;
            for (ByteBuffer buffer : buffers) {
                int n = buffer.remaining();
                buffer.get(bytes, at, n);
                at += n;
            }
            pieces.add(BodyPiece.data(bytes));
        }

        @Override
        public void onError(Throwable failure) {
            bodyDone.set(true);
            pieces.add(BodyPiece.broken(describe(failure)));
        }

        @Override
        public void onComplete() {
            bodyDone.set(true);
            pieces.add(BodyPiece.end());
        }
    }
}
