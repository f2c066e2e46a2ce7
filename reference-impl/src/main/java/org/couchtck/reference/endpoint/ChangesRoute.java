package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.math.BigInteger;
import java.util.List;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentState;
import org.couchtck.reference.store.RevisionNode;

/**
 * {@code _changes} in its four framings. Every wait is on the database's own condition, and every pass starts after
 * the sequence the previous one reached, so a live feed sends each committed change once and in order.
 */
final class ChangesRoute {

    private final DatabaseRoutes databases;
    private final DesignDocCalls functions;

    ChangesRoute(DatabaseRoutes databases, DesignDocCalls functions) {
        this.databases = databases;
        this.functions = functions;
    }

    void handle(ApiRequest request, ApiResponse response) throws IOException {
        Methods.allow(request, "GET,POST,HEAD");
        Database db = databases.open(request);
        ChangesParams params = ChangesParams.from(request);
        ChangesFilter filter = ChangesFilter.from(request, params, db, functions);
        // every feed comes from one copy of the database, as fabric_view_changes reads it; since=now is that copy's
        Database copy = databases.readCopy(db);
        long since = params.descending() ? 0 : params.since() == ChangesParams.NOW ? copy.updateSeq()
                : params.since();
        try {
            switch (params.feed()) {
                case NORMAL -> normal(request, response, copy, params, filter, since);
                case LONGPOLL -> longpoll(response, copy, params, filter, since);
                case CONTINUOUS -> continuous(response, copy, params, filter, since);
                case EVENTSOURCE -> eventsource(response, copy, params, filter, since);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("endpoint stopping");
        }
    }

    private void normal(ApiRequest request, ApiResponse response, Database db, ChangesParams params, ChangesFilter filter, long since)
            throws IOException {
        String etag = "\"" + etag(db) + "\"";
        if (request.header("If-None-Match").map(etag::equals).orElse(false)) {
            response.notModified(etag);
            return;
        }
        ChangesScan scan = ChangesScan.run(db, since, params.limit(), params.descending(), filter);
        response.header("ETag", etag);
        ApiResponse.Stream out = response.stream(200, ApiResponse.JSON_TYPE);
        out.write("{\"results\":[\n");
        out.write(rowsText(db, params, filter, scan.rows(), ",\r\n") + ending(db, scan));
        out.write("\n");
        out.end();
    }

    private void longpoll(ApiResponse response, Database db, ChangesParams params, ChangesFilter filter, long since)
            throws IOException, InterruptedException {
        ApiResponse.Stream out = response.stream(200, ApiResponse.JSON_TYPE);
        out.write("{\"results\":[\n");
        ChangesScan scan = ChangesScan.run(db, since, params.limit(), false, filter);
        if (scan.rows().isEmpty() && params.limit() > 0) {
            out.write("\n");
            long waitMs = params.heartbeat() > 0 ? params.heartbeat() : params.timeout();
            while (true) {
                boolean changed = db.awaitAfter(scan.reached(), waitMs);
                if (db.isDeleted()) {
                    break;
                }
                if (changed) {
                    out.write("\n");
                    scan = ChangesScan.run(db, scan.reached(), params.limit(), false, filter);
                    if (!scan.rows().isEmpty()) {
                        break;
                    }
                } else if (params.heartbeat() > 0) {
                    out.write("\n");
                } else {
                    break;
                }
            }
        }
        out.write(rowsText(db, params, filter, scan.rows(), ",\r\n") + ending(db, scan));
        out.write("\n");
        out.end();
    }

    private void continuous(ApiResponse response, Database db, ChangesParams params, ChangesFilter filter, long since)
            throws IOException, InterruptedException {
        ApiResponse.Stream out = response.stream(200, ApiResponse.JSON_TYPE);
        RowBuffer buffer = new RowBuffer(out);
        ChangesScan last = live(out, buffer, db, params, filter, since, "\n",
                (rows, before) -> writeLines(buffer, db, params, filter, rows, before));
        // the rows kept go out with the last line, in one chunk
        buffer.flushWith("{\"last_seq\":" + Json.write(SeqCodec.json(db, last.lastSeq())) + ",\"pending\":"
                + last.pending() + "}\n");
        out.write("\n");
        out.end();
    }

    private void eventsource(ApiResponse response, Database db, ChangesParams params, ChangesFilter filter, long since)
            throws IOException, InterruptedException {
        response.header("Cache-Control", "no-cache");
        ApiResponse.Stream out = response.stream(200, "text/event-stream");
        RowBuffer buffer = new RowBuffer(out);
        live(out, buffer, db, params, filter, since, "event: heartbeat\ndata: \n\n",
                (rows, before) -> events(buffer, db, params, filter, rows, before));
        buffer.flush();
        out.end();
    }

    /** How a live feed writes a batch of rows, the {@code before} rows already sent counting toward seq_interval. */
    @FunctionalInterface
    private interface RowWriter {
        void write(List<DocumentState> rows, long before) throws IOException;
    }

    /**
     * The loop continuous and eventsource feeds share: the rows there are, or a lone newline when there are none; then
     * for every wake-up a heartbeat and the new rows, a heartbeat on every idle {@code heartbeat}, and the end at the
     * limit, at {@code timeout} without a heartbeat, or when the database goes. Rows go into {@code buffer}, which is
     * sent whenever the feed has caught up and waits; at the limit it is left for the closing line.
     *
     * @return the last pass, for the feed's closing line
     */
    private ChangesScan live(ApiResponse.Stream out, RowBuffer buffer, Database db, ChangesParams params,
            ChangesFilter filter, long since, String heartbeat, RowWriter rows) throws IOException,
            InterruptedException {
        ChangesScan scan = ChangesScan.run(db, since, params.limit(), false, filter);
        long sent = 0;
        if (scan.rows().isEmpty()) {
            out.write("\n");
        } else {
            rows.write(scan.rows(), sent);
            sent += scan.rows().size();
            if (sent < params.limit()) {
                buffer.flush();
            }
        }
        long waitMs = params.heartbeat() > 0 ? params.heartbeat() : params.timeout();
        while (sent < params.limit() && !db.isDeleted()) {
            boolean changed = db.awaitAfter(scan.reached(), waitMs);
            if (db.isDeleted()) {
                break;
            }
            if (changed) {
                out.write(heartbeat);
                scan = ChangesScan.run(db, scan.reached(), params.limit() - sent, false, filter);
                if (!scan.rows().isEmpty()) {
                    rows.write(scan.rows(), sent);
                    sent += scan.rows().size();
                    if (sent < params.limit()) {
                        buffer.flush();
                    }
                }
            } else if (params.heartbeat() > 0) {
                out.write(heartbeat);
            } else {
                break;
            }
        }
        return scan;
    }

    private void writeLines(RowBuffer out, Database db, ChangesParams params, ChangesFilter filter,
            List<DocumentState> rows, long before) throws IOException {
        long i = before;
        for (DocumentState doc : rows) {
            out.add(Json.write(row(db, params, filter, doc, ++i)) + "\n");
        }
    }

    private void events(RowBuffer out, Database db, ChangesParams params, ChangesFilter filter,
            List<DocumentState> rows, long before) throws IOException {
        long i = before;
        for (DocumentState doc : rows) {
            ObjectNode row = row(db, params, filter, doc, ++i);
            out.add("data: " + Json.write(row) + "\nid: " + Json.write(row.get("seq")) + "\n\n");
        }
    }

    private String rowsText(Database db, ChangesParams params, ChangesFilter filter, List<DocumentState> rows,
            String separator) {
        StringBuilder text = new StringBuilder();
        long i = 0;
        for (DocumentState doc : rows) {
            if (i > 0) {
                text.append(separator);
            }
            text.append(Json.write(row(db, params, filter, doc, ++i)));
        }
        return text.toString();
    }

    private String ending(Database db, ChangesScan scan) {
        return "\n],\n\"last_seq\":" + Json.write(SeqCodec.json(db, scan.lastSeq())) + ",\"pending\":" + scan.pending() + "}\n";
    }

    private ObjectNode row(Database db, ChangesParams params, ChangesFilter filter, DocumentState doc, long index) {
        ObjectNode row = Json.object();
        if (params.showsSeq(index)) {
            row.set("seq", SeqCodec.json(db, doc.seq()));
        } else {
            row.putNull("seq");
        }
        row.put("id", doc.id());
        ArrayNode changes = row.putArray("changes");
        List<RevisionNode> revs = params.allDocsStyle() ? doc.leaves() : List.of(doc.winner());
        revs.forEach(n -> changes.addObject().put("rev", n.rev().toString()));
        if (doc.deleted()) {
            row.put("deleted", true);
        }
        if (params.includeDocs()) {
            row.set("doc", filter.shown(DocumentJson.render(doc, doc.winner(),
                    new DocumentJson.Options(false, params.conflicts(), false, params.attachments()))));
        }
        return row;
    }

    /** A normal feed's ETag: 25 base-36 digits that change with the database's state only, like CouchDB's. */
    static String etag(Database db) {
        try {
            byte[] digest = MessageDigest.getInstance("MD5")
                    .digest((db.uuid() + ":" + db.updateSeq()).getBytes(StandardCharsets.UTF_8));
            String text = new BigInteger(1, digest).toString(36).toUpperCase(java.util.Locale.ROOT);
            String padded = "0".repeat(Math.max(0, 25 - text.length())) + text;
            return padded.substring(padded.length() - 25);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is part of every JDK", e);
        }
    }
}
