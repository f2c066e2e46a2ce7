package org.couchtck.kit.endpoint;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpMessage;
import org.apache.hc.core5.http.HttpVersion;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.ProtocolVersion;
import org.apache.hc.core5.http.message.MessageSupport;

/**
 * One request and its response on a connection of the kit's own ({@link ClientConnection}). A daemon thread sends the
 * request, reads the head and hands the body over one piece at a time: it reads the next piece only once the reader
 * took the last, so a server that floods the kit fills no memory. {@link #close()} closes the socket, which ends a
 * blocked read at once.
 *
 * <p>The connection goes back to the pool only after a clean exchange: the body read to its end, no {@code
 * Connection: close} either way, a status below 500 (CouchDB 3.5.2 may write a second response after a server error)
 * and no response to another request seen on it. A response whose X-Couch-Request-ID is not this request's, on a
 * connection that carried an earlier exchange, of a server seen to echo the kit's ids, belongs to another request: it
 * is read past (bounded), noted in {@link ResponseHead#setAside()}, and the next response is taken as this one's.
 */
final class HttpExchange implements FeedConnection, Runnable {

    /** The most bytes of a response to another request read to get past it. */
    static final int MAX_SET_ASIDE_BYTES = 1024 * 1024;
    /** The most responses to other requests read past before this request's own. */
    private static final int MAX_SET_ASIDE = 4;
    private static final int PIECE_BYTES = 8 * 1024;
    /** Methods sent again on a new connection when a reused one closed before any byte of a response. */
    private static final Set<String> RETRIED = Set.of("GET", "HEAD");

    /** A request whose sending failed on a connection used before: it cannot have reached the server whole. */
    private static final class Unsent extends IOException {
        private static final long serialVersionUID = 1L;

        Unsent(IOException cause) {
            super("the connection closed before the request was sent: " + HttpFailures.describe(cause), cause);
        }
    }

    private final ConnectionPool pool;
    private final Duration connectTimeout;
    private final HttpCall call;
    private final ClassicHttpRequest request;
    private final String requestId;
    private final Instant headDeadline;
    /** Whether this endpoint has answered with the request's own id: set once one did. */
    private final AtomicBoolean serverEchoes;
    private final Consumer<HttpExchange> ended;
    private final InFlightRequests inFlight;
    private final EndpointWatch watch;
    private final Optional<String> owner = RequestOwner.current();

    private final CompletableFuture<ResponseHead> head = new CompletableFuture<>();
    /** The hand-over of body pieces: one waits here while the reading thread reads the next from the socket. */
    private final BlockingQueue<BodyPiece> pieces = new ArrayBlockingQueue<>(1);
    private final Object lock = new Object();
    /** The connection while this exchange holds it; null before, and once it is pooled again or closed. */
    private ClientConnection connection;
    private volatile boolean closed;
    /** The last piece the reader got, once it got one; touched by the reading thread only. */
    private BodyPiece last;

    HttpExchange(ConnectionPool pool, Duration connectTimeout, URI base, HttpCall call,
            AtomicBoolean serverEchoes, Consumer<HttpExchange> ended, InFlightRequests inFlight,
            EndpointWatch watch) {
        this.pool = pool;
        this.connectTimeout = connectTimeout;
        this.call = call;
        this.requestId = call.header(RequestIds.HEADER).orElseGet(RequestIds::next);
        this.request = RequestMessage.of(base, call, requestId);
        this.headDeadline = Instant.now().plus(call.timeout());
        this.serverEchoes = serverEchoes;
        this.ended = ended;
        this.inFlight = inFlight;
        this.watch = watch;
    }

    // ---- the reading thread ----

    @Override
    public void run() {
        try {
            exchange();
        } catch (InterruptedException e) {
            // The endpoint is closing.
            close();
        } finally {
            ended.accept(this);
        }
    }

    private void exchange() throws InterruptedException {
        ClientConnection used = null;
        Reply reply;
        try {
            used = pool.takeIdle();
            try {
                reply = send(used);
            } catch (IOException e) {
                if (used == null || !retried(e)) {
                    throw e;
                }
                // The server closed a connection it had kept idle just as the kit took it; a new one will do.
                release(false);
                reply = send(null);
            }
        } catch (IOException | HttpException | RuntimeException e) {
            release(false);
            inFlight.failed(this);
            if (!closed) {
                head.completeExceptionally(HttpFailures.classified(e instanceof SocketTimeoutException
                        ? new NoReplyException("no response within " + call.timeout().toMillis() + " ms", e) : e,
                        call.timeout()));
            }
            return;
        }
        head.complete(reply.head());
        stream(reply);
    }

    private boolean retried(IOException e) {
        return !closed && (e instanceof Unsent
                || RETRIED.contains(call.method()) && e instanceof NoHttpResponseException);
    }

    /** Sends the request on {@code idle}, or on a new connection when it is null, and reads up to its reply's head. */
    private Reply send(ClientConnection idle) throws IOException, HttpException {
        ClientConnection c = idle == null ? pool.create() : idle;
        if (!hold(c)) {
            throw new NoReplyException("the kit closed the connection");
        }
        if (idle == null) {
            c.connect(connectTimeout);
        }
        boolean mayBeAnothers = c.used();
        Instant sentAt = Instant.now();
        try {
            c.send(request);
        } catch (IOException e) {
            if (idle != null) {
                throw new Unsent(e);
            }
            throw e;
        }
        inFlight.sent(this, new InFlight(owner, shown(), sentAt));
        List<String> setAside = new ArrayList<>();
        while (true) {
            ClassicHttpResponse response = c.receiveHead(headDeadline);
            if (response.getCode() < 200 && response.getCode() != 101) {
                continue; // an interim response; the final one follows
            }
            Header id = response.getFirstHeader(RequestIds.HEADER);
            if (id != null && id.getValue().equals(requestId)) {
                serverEchoes.set(true);
            } else if (id != null && mayBeAnothers && serverEchoes.get() && RequestIds.echoed(requestId)) {
                readPast(c, response);
                setAside.add("a response to another request (" + RequestIds.HEADER + " " + id.getValue() + ", "
                        + response.getCode() + ") came first and was set aside");
                if (setAside.size() > MAX_SET_ASIDE) {
                    throw new NoReplyException(setAside.size() + " responses to other requests came and no "
                            + "response to this one");
                }
                continue;
            }
            Header keepAlive = response.getFirstHeader("Keep-Alive");
            c.keepAliveFrom(keepAlive == null ? null : keepAlive.getValue());
            boolean hasBody = MessageSupport.canResponseHaveBody(call.method(), response);
            InputStream body = hasBody ? c.receiveBody(response, null) : null;
            // 101 hands the connection over to another protocol; after a server error a second response may follow
            boolean reusable = setAside.isEmpty() && response.getCode() >= 200 && response.getCode() < 500
                    && keepsAlive(request) && keepsAlive(response)
                    && (!hasBody || response.getEntity().isChunked() || response.getEntity().getContentLength() >= 0);
            return new Reply(new ResponseHead(response.getCode(), headers(response), Instant.now(),
                    List.copyOf(setAside)), body, reusable);
        }
    }

    /** Reads the body of a response to another request to its end, within the bounds of this request. */
    private void readPast(ClientConnection c, ClassicHttpResponse response) throws IOException, HttpException {
        if (!MessageSupport.canResponseHaveBody("GET", response)) {
            return;
        }
        InputStream body = c.receiveBody(response, headDeadline);
        byte[] buffer = new byte[PIECE_BYTES];
        long read = 0;
        for (int n; (n = body.read(buffer)) >= 0;) {
            read += n;
            if (read > MAX_SET_ASIDE_BYTES) {
                throw new NoReplyException("a response to another request (" + response.getCode() + ") came first "
                        + "and was longer than " + MAX_SET_ASIDE_BYTES + " bytes");
            }
        }
    }

    private static boolean keepsAlive(HttpMessage message) {
        ProtocolVersion version = message.getVersion();
        if (version != null && version.lessEquals(HttpVersion.HTTP_1_0)) {
            return false;
        }
        for (Iterator<String> tokens = MessageSupport.iterateTokens(message, "Connection"); tokens.hasNext();) {
            if (tokens.next().equalsIgnoreCase("close")) {
                return false;
            }
        }
        return true;
    }

    private static HttpHeaders headers(ClassicHttpResponse response) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (Header header : response.getHeaders()) {
            headers.computeIfAbsent(header.getName().toLowerCase(Locale.ROOT), name -> new ArrayList<>())
                    .add(header.getValue());
        }
        return HttpHeaders.of(headers, (name, value) -> true);
    }

    /** Hands the body over piece by piece; then the connection goes back to the pool or is closed. */
    private void stream(Reply reply) throws InterruptedException {
        if (reply.body() == null) {
            inFlight.ended(this);
            release(reply.reusable());
            handOver(BodyPiece.end());
            return;
        }
        byte[] buffer = new byte[PIECE_BYTES];
        try {
            for (int n; (n = reply.body().read(buffer)) >= 0;) {
                if (n > 0 && !handOver(BodyPiece.data(Arrays.copyOf(buffer, n)))) {
                    return;
                }
            }
        } catch (IOException e) {
            release(false);
            inFlight.failed(this);
            if (!closed) {
                handOver(BodyPiece.broken(BodyBreaks.detail(e)));
            }
            return;
        }
        inFlight.ended(this);
        // Given back before the end is handed over: the reader's next request may take it at once.
        release(reply.reusable());
        handOver(BodyPiece.end());
    }

    /** Puts {@code piece} where the reader takes it, waiting while it has not taken the last; false once closed. */
    private boolean handOver(BodyPiece piece) throws InterruptedException {
        while (!pieces.offer(piece, 100, TimeUnit.MILLISECONDS)) {
            if (closed) {
                return false;
            }
        }
        return true;
    }

    /** Takes {@code c} for this exchange; false (and {@code c} closed) when the exchange is closed already. */
    private boolean hold(ClientConnection c) {
        synchronized (lock) {
            if (!closed) {
                connection = c;
                return true;
            }
        }
        c.abort();
        return false;
    }

    /** Gives the connection back to the pool when {@code reusable} and the kit did not close it; else closes it. */
    private void release(boolean reusable) {
        ClientConnection c;
        synchronized (lock) {
            c = connection;
            connection = null;
            reusable &= !closed;
        }
        if (c == null) {
            return;
        }
        if (reusable) {
            pool.giveBack(c);
        } else {
            c.close();
        }
    }

    /** Ends the exchange before it began: its head is {@code why}. */
    void refuse(IOException why) {
        inFlight.ended(this);
        head.completeExceptionally(why);
        ended.accept(this);
    }

    // ---- the reader's side ----

    @Override
    public Optional<ResponseHead> awaitHead(Instant deadline) throws IOException, InterruptedException {
        if (closed) {
            return Optional.empty();
        }
        try {
            return Optional.of(head.get(millisUntil(deadline), TimeUnit.MILLISECONDS));
        } catch (CancellationException e) {
            return Optional.empty();
        } catch (TimeoutException e) {
            if (!closed) {
                watch.requestFailed(shown(), null);
            }
            return Optional.empty();
        } catch (ExecutionException e) {
            if (closed) {
                return Optional.empty();
            }
            IOException failure = e.getCause() instanceof IOException io ? io
                    : HttpFailures.classified(e.getCause(), call.timeout());
            watch.requestFailed(shown(), failure);
            throw failure;
        }
    }

    @Override
    public BodyPiece next(Instant deadline) throws InterruptedException {
        if (closed) {
            return BodyPiece.closed();
        }
        if (last != null && last.last()) {
            return last;
        }
        BodyPiece piece = pieces.poll(millisUntil(deadline), TimeUnit.MILLISECONDS);
        if (piece == null) {
            return BodyPiece.timeout();
        }
        if (closed) {
            return BodyPiece.closed();
        }
        last = piece;
        if (piece.kind() == BodyPiece.Kind.BROKEN) {
            watch.requestFailed(shown(), new NoReplyException("the body broke off: " + piece.detail()));
        }
        return piece;
    }

    @Override
    public void close() {
        ClientConnection c;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            c = connection;
            connection = null;
        }
        if (c != null) {
            c.abort();
        }
        head.cancel(false);
        pieces.offer(BodyPiece.closed()); // wakes a reader waiting for a piece
        inFlight.ended(this);
        ended.accept(this);
    }

    /** The request in a few words: its method and path. */
    private String shown() {
        return call.method() + " " + call.path();
    }

    private static long millisUntil(Instant deadline) {
        return Math.max(0, Duration.between(Instant.now(), deadline).toMillis());
    }

    /** A reply's head, its body (null when it has none), and whether its connection may carry another request. */
    private record Reply(ResponseHead head, InputStream body, boolean reusable) {
    }
}
