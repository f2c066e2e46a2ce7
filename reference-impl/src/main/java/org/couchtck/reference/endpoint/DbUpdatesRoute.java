package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.OptionalLong;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentState;
import org.couchtck.reference.store.Store;

/**
 * {@code /_db_updates}: the changes of the {@code _global_changes} database, each document id {@code type:db_name}
 * read back as an event. What reaches that database, and when, is the global_changes batcher's business.
 *
 * <p>One deliberate difference from CouchDB 3.5.2: its eventsource feed crashes at the first event (the recordings
 * show a 500 written into the stream); this one sends the events.
 */
final class DbUpdatesRoute {

    private final Store store;

    DbUpdatesRoute(Store store) {
        this.store = store;
    }

    private enum Feed {
        NORMAL, LONGPOLL, CONTINUOUS, EVENTSOURCE
    }

    void handle(ApiRequest request, ApiResponse response) throws IOException {
        Methods.allow(request, "GET");
        Access.requireAdmin(request);
        Feed feed = switch (request.param("feed").orElse("normal")) {
            case "normal" -> Feed.NORMAL;
            case "longpoll" -> Feed.LONGPOLL;
            case "continuous" -> Feed.CONTINUOUS;
            case "eventsource" -> Feed.EVENTSOURCE;
            default -> throw CouchError.badRequest("Supported `feed` types: normal, continuous, longpoll, eventsource");
        };
        long limit = nonNegative(request, "limit", Long.MAX_VALUE);
        long heartbeat = request.param("heartbeat").map(h -> h.equals("true") ? 60_000L : nonNegative(h)).orElse(0L);
        long timeout = nonNegative(request, "timeout", ChangesParams.DEFAULT_TIMEOUT);
        boolean descending = request.param("descending").map("true"::equals).orElse(false);
        Database db = store.get("_global_changes")
                .orElseThrow(() -> CouchError.notFound("Database does not exist."));
        String sinceText = request.param("since").orElse("0");
        long since;
        if (descending) {
            since = 0;
        } else if (sinceText.equals("now")) {
            since = db.updateSeq();
        } else {
            OptionalLong decoded = SeqCodec.decode(sinceText);
            if (decoded.isEmpty()) {
                throw CouchError.badRequest("Malformed sequence supplied in 'since' parameter.");
            }
            since = decoded.getAsLong();
        }
        try {
            switch (feed) {
                case NORMAL -> normal(response, db, since, limit, descending);
                case LONGPOLL -> longpoll(response, db, since, limit, timeout, heartbeat);
                case CONTINUOUS -> continuous(response, db, since, limit, timeout, heartbeat);
                case EVENTSOURCE -> eventsource(response, db, since, limit, timeout, heartbeat);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("endpoint stopping");
        }
    }

    private void normal(ApiResponse response, Database db, long since, long limit, boolean descending)
            throws IOException {
        ChangesScan scan = ChangesScan.run(db, since, limit, descending, ChangesFilter.ALL);
        response.header("ETag", "\"" + ChangesRoute.etag(db) + "\"");
        ApiResponse.Stream out = response.stream(200, ApiResponse.JSON_TYPE);
        out.write("{\"results\":[\n");
        StringBuilder rows = new StringBuilder();
        for (DocumentState doc : scan.rows()) {
            if (rows.length() > 0) {
                rows.append(",\r\n");
            }
            rows.append(Json.write(event(db, doc)));
        }
        out.write(rows + ending(db, scan.lastSeq()));
        out.write("\n");
        out.end();
    }

    private void longpoll(ApiResponse response, Database db, long since, long limit, long timeout, long heartbeat)
            throws IOException, InterruptedException {
        ApiResponse.Stream out = response.stream(200, ApiResponse.JSON_TYPE);
        long reached = since;
        long deadline = System.nanoTime() + timeout * 1_000_000;
        ChangesScan scan = ChangesScan.run(db, reached, limit, false, ChangesFilter.ALL);
        while (scan.rows().isEmpty() && limit > 0 && !db.isDeleted()) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                break;
            }
            if (db.awaitAfter(scan.reached(), heartbeat > 0 ? Math.min(heartbeat, left) : left)) {
                scan = ChangesScan.run(db, scan.reached(), limit, false, ChangesFilter.ALL);
            }
        }
        out.write("{\"results\":[\n");
        boolean first = true;
        for (DocumentState doc : scan.rows()) {
            out.write((first ? "" : ",\r\n") + Json.write(event(db, doc)));
            first = false;
        }
        out.write(ending(db, scan.rows().isEmpty() ? Math.max(since, scan.lastSeq()) : scan.lastSeq()));
        out.write("\n");
        out.end();
    }

    private void continuous(ApiResponse response, Database db, long since, long limit, long timeout, long heartbeat)
            throws IOException, InterruptedException {
        ApiResponse.Stream out = response.stream(200, ApiResponse.JSON_TYPE);
        long sent = 0;
        long reached = since;
        long lastSeq = since;
        long lastData = System.nanoTime();
        while (sent < limit && !db.isDeleted()) {
            ChangesScan scan = ChangesScan.run(db, reached, limit - sent, false, ChangesFilter.ALL);
            for (DocumentState doc : scan.rows()) {
                out.write(Json.write(event(db, doc)) + "\n");
                lastData = System.nanoTime();
                sent++;
            }
            reached = scan.reached();
            lastSeq = scan.lastSeq();
            if (sent >= limit) {
                break;
            }
            boolean changed = db.awaitAfter(reached, heartbeat > 0 ? heartbeat : timeout);
            if (!changed) {
                if (heartbeat <= 0) {
                    break;
                }
            }
            if (heartbeat > 0 && System.nanoTime() - lastData > heartbeat * 1_000_000) {
                out.write("\n");
                lastData = System.nanoTime();
            }
        }
        out.write("{\"last_seq\":" + Json.write(SeqCodec.json(db, lastSeq)) + "}\n");
        out.write("\n");
        out.end();
    }

    private void eventsource(ApiResponse response, Database db, long since, long limit, long timeout, long heartbeat)
            throws IOException, InterruptedException {
        response.header("Cache-Control", "no-cache");
        ApiResponse.Stream out = response.stream(200, "text/event-stream");
        long sent = 0;
        long reached = since;
        while (sent < limit && !db.isDeleted()) {
            ChangesScan scan = ChangesScan.run(db, reached, limit - sent, false, ChangesFilter.ALL);
            StringBuilder events = new StringBuilder();
            for (DocumentState doc : scan.rows()) {
                ObjectNode event = event(db, doc);
                events.append("data: ").append(Json.write(event)).append("\nid: ")
                        .append(Json.write(event.get("seq"))).append("\n\n");
                sent++;
            }
            if (events.length() > 0) {
                out.write(events.toString());
            }
            reached = scan.reached();
            if (sent >= limit) {
                break;
            }
            if (!db.awaitAfter(reached, heartbeat > 0 ? heartbeat : timeout)) {
                if (heartbeat <= 0) {
                    break;
                }
                out.write("event: heartbeat\ndata: \n\n");
            }
        }
        out.end();
    }

    private static ObjectNode event(Database db, DocumentState doc) {
        String id = doc.id();
        int colon = id.indexOf(':');
        ObjectNode event = Json.object();
        event.put("db_name", colon < 0 ? id : id.substring(colon + 1));
        event.put("type", colon < 0 ? "updated" : id.substring(0, colon));
        event.set("seq", SeqCodec.json(db, doc.seq()));
        return event;
    }

    private static String ending(Database db, long lastSeq) {
        return "\n],\n\"last_seq\":" + Json.write(SeqCodec.json(db, lastSeq)) + "}\n";
    }

    private static long nonNegative(ApiRequest request, String name, long dflt) {
        return request.param(name).map(DbUpdatesRoute::nonNegative).orElse(dflt);
    }

    private static long nonNegative(String text) {
        try {
            long n = Long.parseLong(text);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the same error as a negative number
        }
        throw CouchError.badRequest("invalid_integer");
    }

}
