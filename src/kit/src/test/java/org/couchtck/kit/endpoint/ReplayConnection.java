package org.couchtck.kit.endpoint;

import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.UnaryOperator;

/**
 * A {@link FeedConnection} that delivers one recorded response: its head at once, then its body, chunk by chunk as
 * CouchDB framed it, without the recorded delays. Time is compressed but order and causality are kept:
 * <ul>
 *   <li>a chunk that CouchDB sent after a write of the recording's writer thread is held back until the case has sent
 *   that write (or a later one) while the feed is open; when the case's {@code during} requests are all sent and that
 *   write was not among them, the chunk never comes: CouchDB would not have sent what that write caused;</li>
 *   <li>a chunk (or the end) recorded later after the request than the case's bound ({@code until.within} for a feed,
 *   the request timeout for a request) is not delivered: the kit would have stopped reading before it came;</li>
 *   <li>the server's end of the body ({@code last-chunk}, {@code content-length}, {@code eof}) is an END piece after the
 *   last chunk; a body whose chunked framing CouchDB broke is a BROKEN piece (the bytes where the framing broke are no
 *   body data a client sees, so that last recorded "chunk" is not delivered);</li>
 *   <li>a stream the recorder closed itself has no end: once its recorded chunks are delivered (or held back for
 *   good) the connection answers {@link BodyPiece.Kind#TIMEOUT} at once, which the kit reads as its bound passing
 *   with the response still open ("client" ended). So a case reading a heartbeat feed for 5 s does not wait 5 s; it
 *   sees exactly the chunks CouchDB sent within its bound, then a response still open.</li>
 * </ul>
 * The only real waiting is for a write the case sends later (its {@code during} schedule, slept by the executor), and
 * that is bounded by the case's own deadline. What this cannot show: a case that reads longer than the recorder did
 * gets nothing past the recorded close (against CouchDB it would see more heartbeats), so it must not count on what
 * was never recorded; and recorded times are compared with the case's bound as they were, although the case may
 * schedule its writes a little differently (its notes say when). All waiting happens on the endpoint's lock, which
 * writes notify.
 */
final class ReplayConnection implements FeedConnection {

    /** Whether a recorded chunk may be delivered now. */
    enum Gate {
        /** Nothing it depends on is missing. */
        OPEN,
        /** A write the recording made before it is still due from the case. */
        WAIT,
        /** A write the recording made before it will never come from the case. */
        NEVER
    }

    /** Decides the {@link Gate} of a chunk recorded at a scenario time; called holding the lock. */
    interface Gatekeeper {
        Gate gate(long tMs);
    }

    /**
     * A piece of the body to deliver: when it was recorded, and its text (names swapped when it is delivered, since a
     * database may be paired only after the feed opened) or its bytes.
     */
    private record Piece(long tMs, long relMs, String text, byte[] bytes) {
    }

    private final Optional<String> noResponse;
    private final int status;
    private final Map<String, String> recordedHeaders;
    private final String requestId;
    private final List<Piece> pieces = new ArrayList<>();
    private final Optional<RecordedResponse.StreamEnd> end;
    private final long boundMillis;
    private final Object lock;
    private final Gatekeeper gatekeeper;
    private final Runnable onClose;
    private final UnaryOperator<String> names;
    private int position;
    private boolean exhausted;
    private boolean closed;
    private BodyPiece last;

    /**
     * @param response what the recording answered (or a synthetic answer)
     * @param requestTMs when the recorded request was sent, in scenario time (a whole body counts as sent then)
     * @param bound the case's bound on this request: chunks recorded later after the request are not delivered
     * @param requestId the value given to a header the recording shows as {@code (omitted)}
     * @param names swaps the recording's database names for the case's, in headers and body
     * @param lock the endpoint's lock, on which writes notify
     * @param gatekeeper decides whether a chunk may come yet
     * @param onClose run once when the connection is closed
     */
    ReplayConnection(RecordedResponse response, long requestTMs, Duration bound, String requestId,
            UnaryOperator<String> names, Object lock, Gatekeeper gatekeeper, Runnable onClose) {
        this.noResponse = response.status().isPresent() ? Optional.empty() : Optional.of(response.error());
        this.status = response.status().orElse(0);
        this.recordedHeaders = response.headers();
        this.requestId = requestId;
        this.end = response.end();
        this.boundMillis = bound.toMillis();
        this.lock = lock;
        this.gatekeeper = gatekeeper;
        this.onClose = onClose;
        this.names = names;
        if (response.streamed()) {
            List<RecordedResponse.Chunk> chunks = response.chunks();
            int count = chunks.size();
            if (end.get().broken() && count > 0 && chunks.get(count - 1).relMs() == end.get().relMs()) {
                count--;
            }
            for (RecordedResponse.Chunk chunk : chunks.subList(0, count)) {
                pieces.add(new Piece(chunk.tMs(), chunk.relMs(), chunk.data(), null));
            }
        } else if (response.binary().isPresent()) {
            pieces.add(new Piece(requestTMs, 0, null, response.binary().get()));
        } else if (!response.body().isEmpty()) {
            pieces.add(new Piece(requestTMs, 0, response.body(), null));
        }
    }

    /** A connection on which no response ever comes: {@link #awaitHead} fails with {@code why}. */
    static ReplayConnection failing(String why, Object lock) {
        RecordedResponse none = new RecordedResponse(OptionalInt.empty(), why, Map.of(), "",
                Optional.empty(), List.of(), Optional.empty());
        return new ReplayConnection(none, 0, Duration.ofMillis(1), "", UnaryOperator.identity(), lock,
                t -> Gate.OPEN, () -> { });
    }

    @Override
    public Optional<ResponseHead> awaitHead(Instant deadline) throws NoReplyException {
        if (noResponse.isPresent()) {
            throw new NoReplyException(noResponse.get());
        }
        synchronized (lock) {
            // Under the lock: the endpoint learns database names on other threads.
            return closed ? Optional.empty()
                    : Optional.of(new ResponseHead(status, headers(recordedHeaders, requestId, names), Instant.now()));
        }
    }

    @Override
    public BodyPiece next(Instant deadline) throws InterruptedException {
        synchronized (lock) {
            while (true) {
                if (closed) {
                    return BodyPiece.closed();
                }
                if (last != null) {
                    return last;
                }
                Gate gate;
                if (!exhausted && position < pieces.size()) {
                    Piece piece = pieces.get(position);
                    gate = piece.relMs() > boundMillis ? Gate.NEVER : gatekeeper.gate(piece.tMs());
                    if (gate == Gate.OPEN) {
                        position++;
                        return BodyPiece.data(piece.bytes() != null ? piece.bytes()
                                : names.apply(piece.text()).getBytes(StandardCharsets.UTF_8));
                    }
                } else if (!exhausted && end.map(RecordedResponse.StreamEnd::byServer).orElse(true)) {
                    RecordedResponse.StreamEnd e = end.orElse(null);
                    gate = e == null ? Gate.OPEN : e.relMs() > boundMillis ? Gate.NEVER : gatekeeper.gate(e.tMs());
                    if (gate == Gate.OPEN) {
                        last = e != null && e.broken() ? BodyPiece.broken("the chunked framing broke (" + e.how()
                                + "), as CouchDB broke it") : BodyPiece.end();
                        return last;
                    }
                } else {
                    gate = Gate.NEVER;
                }
                if (gate == Gate.NEVER) {
                    // Nothing more will come: the kit's bound is as good as passed.
                    exhausted = true;
                    return BodyPiece.timeout();
                }
                long millis = Duration.between(Instant.now(), deadline).toMillis();
                if (millis <= 0) {
                    return BodyPiece.timeout();
                }
                lock.wait(millis);
            }
        }
    }

    @Override
    public void close() {
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            lock.notifyAll();
        }
        onClose.run();
    }

    boolean closed() {
        synchronized (lock) {
            return closed;
        }
    }

    private static HttpHeaders headers(Map<String, String> recorded, String requestId, UnaryOperator<String> names) {
        Map<String, List<String>> map = new LinkedHashMap<>();
        recorded.forEach((name, value) -> {
            String given = value;
            if (value.equals("(omitted)")) {
                // Present in every response, different each time: any plausible value.
                given = name.equalsIgnoreCase("X-Couch-Request-ID") ? requestId : "0";
            }
            map.put(name, List.of(names.apply(given)));
        });
        return HttpHeaders.of(map, (name, value) -> true);
    }
}
