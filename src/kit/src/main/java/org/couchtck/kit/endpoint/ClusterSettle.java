package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The documents of one case that a cluster may not have on every copy yet, and which of them a write depends on.
 *
 * <p>A write returns once {@code w} copies have it (fabric_doc_update); each copy then judges the next write by what it
 * has: its revision of the document and its design documents' {@code validate_doc_update} (couch_db runs them per
 * shard copy). A write right after another may so be judged by a copy that has neither: a conflict where the case
 * expects the validation's 403, or a write a copy without the design document lets through. Before such a write the
 * executor reads the documents it depends on with {@code r = n}: fabric_doc_open waits for every copy and, when a copy
 * lacks the document, repairs it before it answers. The documents a write depends on: every design document the case
 * wrote (their functions judge every write) and the documents the write names (its path, the {@code _id}s of a
 * {@code _bulk_docs} body).
 *
 * <p>A read of what the copies share only eventually ({@link ClusterReads}) is sent again until it holds, but what a
 * case captures from it (a {@code last_seq} of {@code since=now}) may come from a copy that lacks an earlier write, and
 * a later read from that position shows the write again. Before such a read the executor settles the case's design
 * documents and the documents it wrote one at a time; documents of a {@code _bulk_docs} write are left to the reads
 * sent again (a case that writes hundreds of them would read each with r = n). A feed is not sent again: before it,
 * every document the case wrote in its database is settled, those of {@code _bulk_docs} too.
 */
final class ClusterSettle {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Paths of documents written and not yet read with r = n, in the order written. */
    private final Set<String> unsettled = new LinkedHashSet<>();
    /** Those of {@link #unsettled} a {@code _bulk_docs} write wrote. */
    private final Set<String> inBulk = new LinkedHashSet<>();

    /** Notes the documents {@code call} wrote, as its 2xx {@code reply} says. */
    void written(HttpCall call, HttpReply reply) {
        if (reply.status() < 200 || reply.status() > 299 || !ClusterWrites.mayBeAccepted(call.method(), call.path())) {
            return;
        }
        List<String> segments = PathSegments.of(call.path());
        String database = "/" + segments.get(0);
        if (segments.size() == 1) {
            if (call.method().equals("POST")) {
                idOf(parse(reply.body())).ifPresent(id -> unsettled.add(database + "/" + encode(id)));
            }
            return;
        }
        if (segments.get(1).equals("_bulk_docs")) {
            JsonNode rows = parse(reply.body());
            // new_edits=false answers no row for what it stored: the documents are those of the request
            JsonNode written = rows.isArray() && rows.isEmpty() ? parse(call.body().orElse("")).path("docs") : rows;
            for (JsonNode row : written) {
                if (!row.has("error")) {
                    idOf(row).ifPresent(id -> {
                        unsettled.add(database + "/" + encode(id));
                        inBulk.add(database + "/" + encode(id));
                    });
                }
            }
            return;
        }
        documentPath(segments).ifPresent(unsettled::add);
    }

    /**
     * The paths of the documents {@code call} (a write) depends on that may not be on every copy: each is read with
     * r = n before it is sent, and is taken off this list.
     */
    List<String> before(HttpCall call) {
        if (!ClusterWrites.mayBeAccepted(call.method(), call.path()) || unsettled.isEmpty()) {
            return List.of();
        }
        Set<String> named = new LinkedHashSet<>();
        List<String> segments = PathSegments.of(call.path());
        String database = "/" + segments.get(0);
        if (segments.size() > 1 && segments.get(1).equals("_bulk_docs")) {
            for (JsonNode doc : parse(call.body().orElse("")).path("docs")) {
                idOf(doc).ifPresent(id -> named.add(database + "/" + encode(id)));
            }
        } else {
            documentPath(segments).ifPresent(named::add);
        }
        List<String> due = new ArrayList<>();
        for (String path : unsettled) {
            if (named.contains(path) || path.startsWith(database + "/_design/")) {
                due.add(path);
            }
        }
        due.forEach(this::settled);
        return due;
    }

    /**
     * The paths of the documents to settle before {@code call}, a read: for a read of a document, that document (its
     * copies may hold different branches, and a quorum of them may not show a conflict another has); for a read of
     * what the copies share only eventually, the design documents and the documents written one at a time in its
     * database. They are taken off this list.
     */
    List<String> beforeRead(HttpCall call) {
        List<String> segments = PathSegments.of(call.path());
        if (segments.isEmpty() || segments.get(0).startsWith("_") || unsettled.isEmpty()) {
            return List.of();
        }
        if (!ClusterReads.eventuallyConsistent(call.method(), call.path())) {
            Optional<String> document = segments.size() == 2 || segments.size() == 3
                    && segments.get(1).equals("_design") ? documentPath(segments) : Optional.empty();
            if (document.isPresent() && unsettled.contains(document.get())) {
                settled(document.get());
                return List.of(document.get());
            }
            return List.of();
        }
        String database = "/" + segments.get(0) + "/";
        List<String> due = new ArrayList<>();
        for (String path : unsettled) {
            if (path.startsWith(database) && (!inBulk.contains(path) || path.startsWith(database + "_design/"))) {
                due.add(path);
            }
        }
        due.forEach(this::settled);
        return due;
    }

    /**
     * The paths of the documents to settle before {@code call}, a feed of a database (longpoll, continuous, event
     * source): every document the case wrote in it, those of {@code _bulk_docs} too. A feed is read once, from one
     * copy of each range, and a position it starts from ({@code since=now}) is that copy's: it cannot be sent again
     * until the copies agree. They are taken off this list.
     */
    List<String> beforeFeed(HttpCall call) {
        List<String> segments = PathSegments.of(call.path());
        if (segments.isEmpty() || segments.get(0).startsWith("_")) {
            return List.of();
        }
        String database = "/" + segments.get(0) + "/";
        List<String> due = unsettled.stream().filter(path -> path.startsWith(database)).toList();
        due.forEach(this::settled);
        return due;
    }

    private void settled(String path) {
        unsettled.remove(path);
        inBulk.remove(path);
    }

    /** The document a path names (an attachment's path names its document), or empty. */
    private static Optional<String> documentPath(List<String> segments) {
        if (segments.size() < 2 || segments.get(1).equals("_local")) {
            return Optional.empty();
        }
        String database = "/" + segments.get(0);
        if (segments.get(1).equals("_design")) {
            return segments.size() >= 3 ? Optional.of(database + "/_design/" + segments.get(2)) : Optional.empty();
        }
        return segments.get(1).startsWith("_") ? Optional.empty() : Optional.of(database + "/" + segments.get(1));
    }

    private static Optional<String> idOf(JsonNode node) {
        JsonNode id = node.has("_id") ? node.get("_id") : node.get("id");
        return id != null && id.isTextual() ? Optional.of(id.asText()) : Optional.empty();
    }

    /** A document id as a path: a design document's slash stays, anything else is percent-encoded. */
    private static String encode(String id) {
        if (id.startsWith("_design/")) {
            return "_design/" + URLEncoder.encode(id.substring(8), StandardCharsets.UTF_8).replace("+", "%20");
        }
        return URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static JsonNode parse(String body) {
        try {
            JsonNode parsed = JSON.readTree(body);
            return parsed == null ? JSON.missingNode() : parsed;
        } catch (IOException e) {
            return JSON.missingNode();
        }
    }
}
