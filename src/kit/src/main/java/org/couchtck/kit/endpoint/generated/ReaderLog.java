package org.couchtck.kit.endpoint.generated;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one feed reader got while a workload ran: its change rows in order, its replies (for the readers that ask
 * again and again), the database events (for {@code /_db_updates}), and what went wrong. Written by the reader's
 * thread, read by the kit's while it waits for the feeds to catch up; every access is synchronized.
 */
final class ReaderLog {

    /**
     * One reply of a reader that asks again and again, or one connection of a streaming reader.
     *
     * @param since the {@code since} it asked with
     * @param firstRow the index of its first row in {@link #rows()}
     * @param rowCount how many rows it had
     * @param lastSeq the last_seq it ended with, when it did
     * @param receivedAt when it ended ({@link System#nanoTime()})
     */
    record Response(String since, int firstRow, int rowCount, Optional<JsonNode> lastSeq, long receivedAt) {}

    /**
     * One {@code /_db_updates} event.
     *
     * @param database {@code db_name}
     * @param type {@code created}, {@code updated}, {@code deleted}
     * @param receivedAt when the reader had it
     */
    record DbEvent(String database, String type, long receivedAt) {}

    private final ReaderKind kind;
    private final List<ChangeRow> rows = new ArrayList<>();
    private final Map<String, ChangeRow> latest = new HashMap<>();
    private final List<Response> responses = new ArrayList<>();
    private final List<DbEvent> events = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private boolean stopped;

    ReaderLog(ReaderKind kind) {
        this.kind = kind;
    }

    ReaderKind kind() {
        return kind;
    }

    synchronized void row(ChangeRow row) {
        rows.add(row);
        latest.put(row.id(), row);
    }

    synchronized void event(DbEvent event) {
        events.add(event);
    }

    synchronized void response(Response response) {
        responses.add(response);
    }

    /** A fault of the server seen by this reader (a wrong status, a row that is no row); the reader stops. */
    synchronized void problem(String problem) {
        problems.add(problem);
        stopped = true;
    }

    /** Something worth showing that is no fault (the server ended a continuous feed; the reader went on). */
    synchronized void note(String note) {
        notes.add(note);
    }

    /** The reader ended by itself (after a problem, or its deadline). */
    synchronized void stopped() {
        stopped = true;
    }

    synchronized boolean isStopped() {
        return stopped;
    }

    synchronized int rowCount() {
        return rows.size();
    }

    synchronized List<ChangeRow> rows() {
        return List.copyOf(rows);
    }

    synchronized Optional<ChangeRow> latest(String id) {
        return Optional.ofNullable(latest.get(id));
    }

    synchronized List<Response> responses() {
        return List.copyOf(responses);
    }

    synchronized List<DbEvent> events() {
        return List.copyOf(events);
    }

    synchronized List<String> problems() {
        return List.copyOf(problems);
    }

    synchronized List<String> notes() {
        return List.copyOf(notes);
    }
}
