package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InterruptedIOException;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.couchtck.kit.wire.BoundedLineReader;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.WireJson;

/**
 * Reads one feed's body line by line, on the thread that calls {@link #read()}, until the server ends it, enough
 * events came, the server commits a fault, the kit closes the connection, or the deadline passes, whichever is first;
 * it never waits past the deadline. Each line goes into the transcript as it comes (timestamped then), and into the
 * {@link FeedDecoder} of the feed's kind. Lines are capped at {@link #MAX_LINE_BYTES}: a longer one is reported and
 * the connection closed at once, so a server that never ends a line costs nothing more.
 */
public final class FeedReader {

    /** The longest line a feed may send; CouchDB's lines are one change each. */
    public static final int MAX_LINE_BYTES = 1024 * 1024;
    /** The longest line of a longpoll or normal body, which some servers send as one line. */
    public static final int MAX_WHOLE_BODY_LINE_BYTES = 16 * 1024 * 1024;
    /** The most characters of the body kept as text. */
    public static final int MAX_BODY_CHARS = 16 * 1024 * 1024;

    private final FeedConnection connection;
    private final FeedKind kind;
    private final OptionalInt untilEvents;
    private final Instant sentAt;
    private final Instant deadline;
    private final Transcript transcript;
    private final Consumer<JsonNode> onEvent;

    /**
     * @param connection the feed, its head already read
     * @param kind how to decode the body
     * @param untilEvents stop once this many events came
     * @param sentAt when the request was sent
     * @param within how long after {@code sentAt} the kit reads at most
     * @param transcript where every line goes
     */
    public FeedReader(FeedConnection connection, FeedKind kind, OptionalInt untilEvents, Instant sentAt,
            Duration within, Transcript transcript) {
        this(connection, kind, untilEvents, sentAt, within, transcript, event -> {});
    }

    /**
     * A reader that also hands each event to {@code onEvent} as soon as it is decoded, on the reading thread: how the
     * kit watches a live feed while it is still open. Events of a longpoll or normal body come only once it ended.
     */
    public FeedReader(FeedConnection connection, FeedKind kind, OptionalInt untilEvents, Instant sentAt,
            Duration within, Transcript transcript, Consumer<JsonNode> onEvent) {
        this.onEvent = onEvent;
        this.connection = connection;
        this.kind = kind;
        this.untilEvents = untilEvents;
        this.sentAt = sentAt;
        this.deadline = sentAt.plus(within);
        this.transcript = transcript;
    }

    /** Reads until one of the stop conditions; closes the connection itself only for a line over the cap. */
    public FeedResult read() {
        FeedDecoder decoder = FeedDecoder.of(kind);
        FeedLog log = new FeedLog(!kind.wholeBody());
        FeedInputStream in = new FeedInputStream(connection, deadline);
        int cap = kind.wholeBody() ? MAX_WHOLE_BODY_LINE_BYTES : MAX_LINE_BYTES;
        BoundedLineReader lines = new BoundedLineReader(in, cap, bytes -> connection.close());
        StringBuilder text = new StringBuilder();
        String stoppedByKit = null;
        int count = 0;
        int handedOn = 0;
        try {
            while (true) {
                Optional<BoundedLineReader.Line> next = lines.readLine();
                if (next.isEmpty()) {
                    break;
                }
                BoundedLineReader.Line line = next.get();
                count++;
                transcript.add(Direction.RECEIVED, line.text());
                append(text, line.text(), line.terminated());
                if (line.truncated()) {
                    log.problem = "line " + count + " of the feed is longer than " + cap + " bytes (" + line.byteLength()
                            + " bytes read before the kit closed the feed)";
                    break;
                }
                if (!line.terminated() && in.stop() != FeedInputStream.Stop.SERVER_ENDED) {
                    // Cut off by a break, the deadline or the kit: half a line is no line to decode.
                    transcript.add(Direction.EVENT, "(an unfinished line: the body stopped before its newline)");
                    break;
                }
                if (!line.terminated()) {
                    transcript.add(Direction.EVENT, "(the last line has no newline)");
                }
                decoder.line(line.text(), log);
                while (handedOn < log.eventCount()) {
                    onEvent.accept(log.events.get(handedOn++));
                }
                if (log.problem != null) {
                    stoppedByKit = log.problem;
                    break;
                }
                if (untilEvents.isPresent() && log.eventCount() >= untilEvents.getAsInt()) {
                    stoppedByKit = log.eventCount() + " events came";
                    break;
                }
            }
        } catch (InterruptedIOException e) {
            stoppedByKit = "the kit was interrupted";
        } catch (IOException e) {
            // FeedInputStream ends instead of failing; only an interruption gets here.
            stoppedByKit = "the kit could not read: " + e.getMessage();
        }
        Optional<JsonNode> body = text.length() >= MAX_BODY_CHARS ? Optional.empty()
                : WireJson.tryParse(text.toString());
        decoder.end(body, log);
        while (handedOn < log.eventCount()) {
            onEvent.accept(log.events.get(handedOn++));
        }
        FeedEnd ended = in.stop() == FeedInputStream.Stop.SERVER_ENDED || in.stop() == FeedInputStream.Stop.BROKEN
                ? FeedEnd.SERVER : FeedEnd.CLIENT;
        String stopped = stopped(in, stoppedByKit, log);
        transcript.add(Direction.EVENT, stopped);
        return new FeedResult(Optional.ofNullable(log.events), log.heartbeats, Optional.ofNullable(log.lastSeq),
                Optional.ofNullable(log.lastLine), body, text.toString(), ended, stopped,
                Optional.ofNullable(log.problem), in.stop() == FeedInputStream.Stop.BROKEN
                        ? Optional.of(in.brokenDetail()) : Optional.empty());
    }

    private String stopped(FeedInputStream in, String stoppedByKit, FeedLog log) {
        String after = " after " + Duration.between(sentAt, Instant.now()).toMillis() + " ms";
        if (log.problem != null) {
            return "the kit stopped reading" + after + ": " + log.problem;
        }
        if (stoppedByKit != null) {
            return "the kit stopped reading" + after + ": " + stoppedByKit;
        }
        return switch (in.stop()) {
            case SERVER_ENDED -> "the server ended the response" + after;
            case BROKEN -> "the connection broke" + after + ": " + in.brokenDetail();
            case DEADLINE -> "the response was still open" + after + "; the kit stopped reading";
            case CLOSED, NONE -> "the kit closed the feed" + after;
        };
    }

    private static void append(StringBuilder text, String line, boolean terminated) {
        int room = MAX_BODY_CHARS - text.length();
        if (room <= 0) {
            return;
        }
        String piece = terminated ? line + "\n" : line;
        text.append(piece, 0, Math.min(room, piece.length()));
    }
}
