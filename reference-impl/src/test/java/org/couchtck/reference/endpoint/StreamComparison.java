package org.couchtck.reference.endpoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Compares a streamed response chunk by chunk, without tight timings: who ended it and how; the data chunks (all but
 * heartbeats) exactly, after {@link BodyNormaliser}, each arriving within a loose window around CouchDB's time; and
 * the heartbeats between them: where a {@code heartbeat} parameter's timer makes them, only what no scheduler can
 * change (see {@link #heartbeats}).
 *
 * <p>For {@code /_db_updates}, foreign events are dropped first, rows lose their {@code ,\r\n} separator (it depends
 * on what came before), a run of identical own events may be split once more than CouchDB's (the global_changes flush
 * timer's phase decides which writes share a batch), arrival may be earlier by up to a flush period, and when
 * CouchDB's stream had foreign events the heartbeats are not compared (each event resets CouchDB's heartbeat).
 */
final class StreamComparison {

    static final long EARLY_SLACK_MS = 300;
    /** One global_changes flush period (max_write_delay) plus its listener delay. */
    static final long EARLY_SLACK_DB_UPDATES_MS = 550;
    static final long LATE_SLACK_MS = ExchangeSender.STREAM_GRACE_MS - 500;

    private final BodyNormaliser normaliser;
    private final OwnEvents ownEvents;

    /** @param ownEvents the scenario's own events for a /_db_updates stream, null for _changes */
    StreamComparison(BodyNormaliser normaliser, OwnEvents ownEvents) {
        this.normaliser = normaliser;
        this.ownEvents = ownEvents;
    }

    /** The data chunks with the number of heartbeats before, between and after them. */
    private record Shape(List<StreamChunk> data, List<Integer> runs, List<Integer> heartbeats) {

        static Shape of(List<StreamChunk> chunks, boolean collapseRuns) {
            List<StreamChunk> data = new ArrayList<>();
            List<Integer> runs = new ArrayList<>();
            List<Integer> heartbeats = new ArrayList<>(List.of(0));
            for (StreamChunk c : chunks) {
                int last = heartbeats.size() - 1;
                if (c.isHeartbeat()) {
                    heartbeats.set(last, heartbeats.get(last) + 1);
                } else if (collapseRuns && !data.isEmpty() && data.get(data.size() - 1).data().equals(c.data())) {
                    runs.set(runs.size() - 1, runs.get(runs.size() - 1) + 1);
                } else {
                    data.add(c);
                    runs.add(1);
                    heartbeats.add(0);
                }
            }
            return new Shape(data, runs, heartbeats);
        }

        int totalHeartbeats() {
            return heartbeats.stream().mapToInt(Integer::intValue).sum();
        }
    }

    List<String> compare(RecordedScenario.Exchange recorded, ActualResponse actual) {
        List<String> out = new ArrayList<>();
        if (actual.chunks() == null) {
            out.add("the reference's response was not read as a stream");
            return out;
        }
        if (!ends(recorded, actual, out)) {
            return out;
        }
        boolean dbUpdates = ownEvents != null;
        Shape want = Shape.of(prepare(recorded.chunks()), dbUpdates);
        Shape got = Shape.of(prepare(actual.chunks()), dbUpdates);
        long early = dbUpdates ? EARLY_SLACK_DB_UPDATES_MS : EARLY_SLACK_MS;
        for (int i = 0; i < Math.max(want.data().size(), got.data().size()); i++) {
            if (i >= got.data().size()) {
                out.add("data chunk " + i + " missing, CouchDB " + Texts.show(want.data().get(i).data()));
                break;
            }
            if (i >= want.data().size()) {
                out.add("extra data chunk " + i + " " + Texts.show(got.data().get(i).data()));
                break;
            }
            StreamChunk w = want.data().get(i);
            StreamChunk g = got.data().get(i);
            if (!w.data().equals(g.data())) {
                out.add("data chunk " + i + " " + Texts.difference(g.data(), w.data()));
                break;
            }
            int wantRun = want.runs().get(i);
            int gotRun = got.runs().get(i);
            if (gotRun > wantRun + 1) {
                out.add("data chunk " + i + " repeated " + gotRun + " times, CouchDB " + wantRun + " (coalescing)");
            }
            timing("data chunk " + i, w.relMs(), g.relMs(), early, out);
        }
        boolean foreign = dbUpdates && recorded.chunks().stream().anyMatch(c -> ownEvents.isForeignChunk(c.data()));
        if (!foreign) {
            heartbeats(recorded, want, got, dbUpdates, actual, out);
        }
        if (!out.isEmpty()) {
            out.add("the reference's chunks " + Texts.chunks(actual.chunks()));
        }
        return out;
    }

    /** Compares how the streams ended; false when the rest cannot be compared. */
    private boolean ends(RecordedScenario.Exchange recorded, ActualResponse actual, List<String> out) {
        if (!recorded.endedByServer()) {
            if (actual.endedByServer()) {
                out.add("the reference ended the stream (" + actual.endHow() + ") at " + actual.endRelMs()
                        + " ms, CouchDB kept it open until the client closed it at " + recorded.closeAfterMillis()
                        + " ms");
            }
            return true;
        }
        if (recorded.endHow().equals("malformed-chunked-encoding")) {
            out.add("CouchDB broke the chunked framing at " + recorded.endRelMs() + " ms (a crash: another response"
                    + " written into the body); the reference sent " + Texts.show(actual.body()) + " and "
                    + (actual.endedByServer() ? "ended it (" + actual.endHow() + ") at " + actual.endRelMs() + " ms"
                            : "kept the stream open"));
            return false;
        }
        if (!actual.endedByServer()) {
            out.add("the reference had not ended the stream after " + actual.endRelMs() + " ms, CouchDB ended it ("
                    + recorded.endHow() + ") at " + recorded.endRelMs() + " ms");
        } else if (!actual.endHow().equals(recorded.endHow())) {
            out.add("the stream ended by " + actual.endHow() + ", CouchDB's by " + recorded.endHow());
        } else {
            timing("the end", recorded.endRelMs(), actual.endRelMs(), EARLY_SLACK_MS, out);
        }
        return true;
    }

    /**
     * With a {@code heartbeat} parameter, how many newlines come depends on when the server's timer gets to run, on
     * this machine as on CouchDB's: a loaded machine delays ticks (fewer newlines), a tick and a write due at the same
     * moment give one newline or two. So CouchDB's count is not the measure; what cannot vary is judged: a stream on
     * which CouchDB sent heartbeats gets at least one, and no gap between the reference's own data chunks (or its start
     * and end) holds more newlines than its timer could tick in that time, plus the one of the feed opening or waking
     * up and one for a tick that raced a write. Without a {@code heartbeat}
     * parameter every newline comes from the feed opening or waking up, so each one's place counts.
     */
    private void heartbeats(RecordedScenario.Exchange recorded, Shape want, Shape got, boolean dbUpdates,
            ActualResponse actual, List<String> out) {
        Optional<Long> interval = recorded.queryParam("heartbeat").flatMap(StreamComparison::interval);
        if (interval.isPresent()) {
            long every = interval.get();
            if (want.totalHeartbeats() > 0 && got.totalHeartbeats() == 0) {
                out.add("no heartbeat, CouchDB " + want.totalHeartbeats() + " (every " + every + " ms)");
            }
            for (int gap = 0; gap < got.heartbeats().size(); gap++) {
                long from = gap == 0 ? 0 : got.data().get(gap - 1).relMs();
                long to = gap < got.data().size() ? got.data().get(gap).relMs() : actual.endRelMs();
                // the ticks that fit, and two more: the newline of the feed opening or waking up, and a tick that
                // raced a write
                long most = Math.max(0, to - from) / every + 2;
                if (got.heartbeats().get(gap) > most) {
                    out.add(got.heartbeats().get(gap) + " heartbeats in the " + (to - from) + " ms of gap " + gap
                            + ", more than a timer of " + every + " ms can account for (" + most + ")");
                }
            }
            return;
        }
        int off;
        if (dbUpdates || want.heartbeats().size() != got.heartbeats().size()) {
            off = Math.abs(want.totalHeartbeats() - got.totalHeartbeats());
        } else {
            off = 0;
            for (int i = 0; i < want.heartbeats().size(); i++) {
                off += Math.abs(want.heartbeats().get(i) - got.heartbeats().get(i));
            }
        }
        if (off > 0) {
            out.add("heartbeats around the data chunks " + got.heartbeats() + ", CouchDB " + want.heartbeats());
        }
    }

    /** A heartbeat parameter's interval: ms, or CouchDB's default for {@code true}; empty for one CouchDB refuses. */
    private static Optional<Long> interval(String value) {
        if (value.equals("true")) {
            return Optional.of(60_000L);
        }
        try {
            long ms = Long.parseLong(value);
            return ms > 0 ? Optional.of(ms) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static void timing(String what, long wantMs, long gotMs, long early, List<String> out) {
        if (gotMs < wantMs - early || gotMs > wantMs + LATE_SLACK_MS) {
            out.add(what + " at " + gotMs + " ms, CouchDB at " + wantMs + " ms (allowed " + (wantMs - early) + ".."
                    + (wantMs + LATE_SLACK_MS) + ")");
        }
    }

    /** Normalised chunks; for /_db_updates without foreign events and without row separators. */
    private List<StreamChunk> prepare(List<StreamChunk> chunks) {
        List<StreamChunk> out = new ArrayList<>();
        for (StreamChunk c : chunks) {
            String data = c.data();
            if (ownEvents != null) {
                if (ownEvents.isForeignChunk(data)) {
                    continue;
                }
                if (data.startsWith(OwnEvents.ROW_SEPARATOR) && OwnEvents.eventIn(data) != null) {
                    data = data.substring(OwnEvents.ROW_SEPARATOR.length());
                }
            }
            out.add(new StreamChunk(c.relMs(), normaliser.text(data)));
        }
        return out;
    }
}
