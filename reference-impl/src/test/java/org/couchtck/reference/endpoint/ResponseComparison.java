package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compares the reference's answer to one request with CouchDB's: the status, the headers the recordings know of
 * (values exact, except those NONDETERMINISM.md lists as differing per run, whose presence alone is compared) and the
 * body after {@link BodyNormaliser}. Streams go to {@link StreamComparison}. For {@code /_db_updates} only the
 * scenario's own events count ({@link OwnEvents}).
 */
final class ResponseComparison {

    /** Every response header name the recordings carry. */
    private static final List<String> HEADERS = List.of("Content-Type", "Transfer-Encoding", "ETag", "Location",
            "Cache-Control", "WWW-Authenticate", "Allow", "X-Couch-Id", "X-Couch-Update-NewRev", "X-Couch-Stack-Hash",
            "X-Couch-Request-ID", "X-CouchDB-Body-Time");
    /** Headers whose value differs per request: present or not is all there is to compare. */
    private static final List<String> PRESENCE_ONLY = List.of("X-Couch-Request-ID", "X-CouchDB-Body-Time");
    private static final String RECORDED_ORIGIN = "http://127.0.0.1:5984";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final OwnEvents ownEvents;

    /**
     * @param base the reference's base URI (for {@code Location})
     * @param ownEvents the scenario's own /_db_updates events
     */
    ResponseComparison(URI base, OwnEvents ownEvents) {
        this.base = base;
        this.ownEvents = ownEvents;
    }

    /** The differences, empty when the answers match. */
    List<String> compare(RecordedScenario.Exchange recorded, ActualResponse actual) {
        List<String> out = new ArrayList<>();
        if (recorded.status() == null) {
            if (!actual.droppedByServer()) {
                out.add("CouchDB closed the connection without a response, the reference " + describe(actual));
            }
            return out;
        }
        if (actual.status() == null) {
            out.add("no response from the reference (" + actual.error() + "), CouchDB " + recorded.status());
            return out;
        }
        if (!recorded.status().equals(actual.status())) {
            out.add("status " + actual.status() + ", CouchDB " + recorded.status());
        }
        headers(recorded, actual, out);
        boolean dbUpdates = isDbUpdates(recorded);
        BodyNormaliser normaliser = new BodyNormaliser(!dbUpdates, recorded.path().startsWith("/_users/"));
        if (recorded.isStream()) {
            out.addAll(new StreamComparison(normaliser, dbUpdates ? ownEvents : null).compare(recorded, actual));
        } else {
            body(recorded, actual, normaliser, dbUpdates, out);
        }
        return out;
    }

    static boolean isDbUpdates(RecordedScenario.Exchange exchange) {
        List<String> segments = exchange.segments();
        return !segments.isEmpty() && segments.get(0).equals("_db_updates");
    }

    private void headers(RecordedScenario.Exchange recorded, ActualResponse actual, List<String> out) {
        for (String name : HEADERS) {
            Optional<String> expected = recorded.header(name);
            Optional<String> got = actual.header(name);
            if (expected.isPresent() != got.isPresent()) {
                out.add(expected.isPresent() ? "no " + name + " header, CouchDB " + Texts.show(expected.get())
                        : name + " " + Texts.show(got.get()) + ", CouchDB sends none");
                continue;
            }
            if (expected.isEmpty() || PRESENCE_ONLY.contains(name) || (name.equals("ETag") && etagVaries(recorded))) {
                continue;
            }
            String want = name.equals("Location") ? expected.get().replace(RECORDED_ORIGIN, base.toString())
                    : expected.get();
            if (!want.equals(got.get())) {
                out.add(name + " " + Texts.show(got.get()) + ", CouchDB " + Texts.show(want));
            }
        }
    }

    /** ETags derived from seqs or from a {@code _users} revision (NONDETERMINISM.md: etag, rev). */
    private static boolean etagVaries(RecordedScenario.Exchange recorded) {
        List<String> segments = recorded.segments();
        return segments.size() == 1 || segments.contains("_changes") || segments.get(0).equals("_db_updates")
                || segments.get(0).equals("_users");
    }

    private void body(RecordedScenario.Exchange recorded, ActualResponse actual, BodyNormaliser normaliser,
            boolean dbUpdates, List<String> out) {
        String kind = recorded.bodyKind();
        if (kind.equals("empty")) {
            if (!actual.body().isEmpty()) {
                out.add("body " + Texts.show(actual.body()) + ", CouchDB sends none");
            }
            return;
        }
        if (dbUpdates && kind.equals("json")) {
            dbUpdatesBody(recorded, actual, normaliser, out);
            return;
        }
        if (recorded.bodyRaw().isPresent() || !kind.equals("json")) {
            String want = normaliser.text(recorded.bodyRaw().orElseGet(() -> recorded.body().asText()));
            String got = normaliser.text(actual.body());
            if (!want.equals(got)) {
                out.add("body " + Texts.difference(got, want));
            }
            return;
        }
        Optional<JsonNode> parsed = parse(actual.body());
        if (parsed.isEmpty()) {
            out.add("body is not JSON: " + Texts.show(actual.body()));
            return;
        }
        compareJson(normaliser.json(recorded.body()), normaliser.json(parsed.get()), "body", out);
    }

    /**
     * A /_db_updates feed body: the own events must be CouchDB's (when CouchDB's rows were cut by {@code limit},
     * foreign rows may stand where the reference has more own ones, so CouchDB's own rows need only start the
     * reference's); the rest of the body compares as usual, and the text must be framed as CouchDB frames a feed.
     */
    private void dbUpdatesBody(RecordedScenario.Exchange recorded, ActualResponse actual, BodyNormaliser normaliser,
            List<String> out) {
        Optional<JsonNode> parsed = parse(actual.body());
        if (parsed.isEmpty()) {
            out.add("body is not JSON: " + Texts.show(actual.body()));
            return;
        }
        JsonNode want = recorded.body();
        JsonNode got = parsed.get();
        if (!want.path("results").isArray()) {
            compareJson(normaliser.json(want), normaliser.json(got), "body", out);
            return;
        }
        List<JsonNode> wantOwn = normalisedOwn(want, normaliser);
        List<JsonNode> gotOwn = normalisedOwn(got, normaliser);
        int limit = recorded.queryParam("limit").map(ResponseComparison::integer).orElse(-1);
        boolean cut = limit > 0 && want.get("results").size() == limit;
        boolean ownMatch = cut
                ? gotOwn.size() >= wantOwn.size() && gotOwn.subList(0, wantOwn.size()).equals(wantOwn)
                        && got.path("results").size() <= limit
                : gotOwn.equals(wantOwn);
        if (!ownMatch) {
            out.add("own events " + gotOwn + ", CouchDB " + wantOwn + (cut ? " (cut by limit=" + limit + ")" : ""));
        }
        ObjectNode wantRest = want.deepCopy();
        wantRest.remove("results");
        ObjectNode gotRest = got.isObject() ? got.deepCopy() : JSON.createObjectNode();
        gotRest.remove("results");
        compareJson(normaliser.json(wantRest), normaliser.json(gotRest), "body without results", out);
        if (recorded.bodyRaw().isPresent()) {
            if (!feedText(want).equals(recorded.bodyRaw().get())) {
                throw new IllegalStateException("the feed framing model does not fit CouchDB's body of "
                        + recorded.label());
            }
            if (!feedText(got).equals(actual.body())) {
                out.add("feed framing " + Texts.difference(actual.body(), feedText(got)));
            }
        }
    }

    private List<JsonNode> normalisedOwn(JsonNode body, BodyNormaliser normaliser) {
        List<JsonNode> out = new ArrayList<>();
        body.path("results").forEach(e -> {
            if (OwnEvents.isEvent(e) && ownEvents.isOwn(e)) {
                out.add(normaliser.json(e));
            }
        });
        return out;
    }

    /** A normal feed as CouchDB writes it: rows joined by {@code ,\r\n}, the other members after them. */
    static String feedText(JsonNode body) {
        StringBuilder text = new StringBuilder("{\"results\":[\n");
        Iterator<JsonNode> rows = body.path("results").iterator();
        while (rows.hasNext()) {
            text.append(compact(rows.next()));
            if (rows.hasNext()) {
                text.append(OwnEvents.ROW_SEPARATOR);
            }
        }
        text.append("\n],\n");
        boolean first = true;
        for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> field = it.next();
            if (field.getKey().equals("results")) {
                continue;
            }
            text.append(first ? "" : ",").append(compact(JSON.getNodeFactory().textNode(field.getKey())))
                    .append(':').append(compact(field.getValue()));
            first = false;
        }
        return text.append("}\n\n").toString();
    }

    private static void compareJson(JsonNode want, JsonNode got, String what, List<String> out) {
        if (!want.equals(got)) {
            out.add(what + " " + Texts.jsonDifference(got, want));
        }
    }

    static Optional<JsonNode> parse(String text) {
        try {
            JsonNode node = JSON.readTree(text);
            return Optional.ofNullable(node == null || node.isMissingNode() ? null : node);
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }

    static String compact(JsonNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int integer(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String describe(ActualResponse actual) {
        if (actual.status() == null) {
            return "gave no response either but " + actual.error();
        }
        return "answered " + actual.status() + " " + Texts.show(actual.body());
    }
}
