package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The query of a {@code _changes} request, checked the way CouchDB 3.5 checks it (the recordings fix the error
 * bodies, including the 500s CouchDB gives for parameters it never validates).
 *
 * @param since the sequence to start after; {@code -1} stands for {@code now}
 * @param heartbeat milliseconds between heartbeats, 0 for none
 * @param timeout milliseconds a live feed waits without a heartbeat before it ends
 * @param attachments how include_docs shows attachments ({@code attachments}, {@code att_encoding_info})
 */
record ChangesParams(Feed feed, long since, long limit, boolean descending, boolean includeDocs, boolean conflicts,
        boolean allDocsStyle, long heartbeat, long timeout, long seqInterval, Optional<String> filter,
        AttachmentsJson.Shown attachments) {

    /** How the feed is framed and whether it waits. */
    enum Feed {
        NORMAL, LONGPOLL, CONTINUOUS, EVENTSOURCE
    }

    static final long NOW = -1;
    static final long DEFAULT_TIMEOUT = 60_000;
    static final long DEFAULT_HEARTBEAT = 60_000;
    private static final long DEFAULT_LIMIT = 1_000_000_000_000_000L;

    static ChangesParams from(ApiRequest request) {
        Feed feed = switch (request.param("feed").orElse("normal")) {
            case "normal" -> Feed.NORMAL;
            case "longpoll" -> Feed.LONGPOLL;
            case "continuous", "live" -> Feed.CONTINUOUS;
            case "eventsource" -> Feed.EVENTSOURCE;
            default -> throw CouchError.badRequest(
                    "Supported `feed` types: normal, continuous, live, longpoll, eventsource");
        };
        boolean allDocs = switch (request.param("style").orElse("main_only")) {
            case "main_only" -> false;
            case "all_docs" -> true;
            default -> throw badarg();
        };
        String sinceText = request.param("since").orElse("0");
        if (feed == Feed.EVENTSOURCE) {
            Optional<String> lastEventId = request.header("Last-Event-ID").or(() -> request.param("last-event-id"));
            if (lastEventId.isPresent()) {
                sinceText = lastEventId.get();
            }
        }
        long since;
        if (sinceText.equals("now")) {
            since = NOW;
        } else {
            OptionalLong decoded = SeqCodec.decode(sinceText);
            if (decoded.isEmpty()) {
                throw CouchError.badRequest("Malformed sequence supplied in 'since' parameter.");
            }
            since = decoded.getAsLong();
        }
        long limit = request.param("limit").map(ChangesParams::erlangInteger).orElse(DEFAULT_LIMIT);
        if (limit < 0) {
            limit = DEFAULT_LIMIT;
        }
        long heartbeat = request.param("heartbeat").map(ChangesParams::heartbeat).orElse(0L);
        long timeout = request.param("timeout").map(ChangesParams::erlangInteger).orElse(DEFAULT_TIMEOUT);
        long seqInterval = request.param("seq_interval").map(ChangesParams::seqInterval).orElse(0L);
        return new ChangesParams(feed, since, limit, flag(request, "descending"), flag(request, "include_docs"),
                flag(request, "conflicts"), allDocs, heartbeat, Math.max(timeout, 0), seqInterval,
                request.param("filter"), AttachmentsJson.Shown.from(request));
    }

    /** Whether the row at 1-based position {@code index} shows its seq under {@code seq_interval}. */
    boolean showsSeq(long index) {
        if (seqInterval == 0) {
            return true;
        }
        long remaining = limit - (index - 1);
        return remaining % seqInterval == 0;
    }

    private static long heartbeat(String text) {
        if (text.equals("true")) {
            return DEFAULT_HEARTBEAT;
        }
        long n;
        try {
            n = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw CouchError.badRequest("Invalid heartbeat value. Expecting a positive integer value (in milliseconds).");
        }
        if (n <= 0) {
            throw CouchError.badRequest("The heartbeat value should be a positive integer (in milliseconds).");
        }
        return n;
    }

    private static long seqInterval(String text) {
        try {
            long n = Long.parseLong(text);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the same error as zero
        }
        throw CouchError.badRequest("invalid_seq_interval");
    }

    /** {@code list_to_integer/1}: CouchDB does not check these, so a bad one is an Erlang badarg (500). */
    private static long erlangInteger(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw badarg();
        }
    }

    private static CouchError badarg() {
        return new CouchError(500, "unknown_error", "badarg");
    }

    private static boolean flag(ApiRequest request, String name) {
        return request.param(name).map("true"::equals).orElse(false);
    }

    /** The doc ids of a {@code _doc_ids} filter: the query's JSON array, or the POST body's {@code doc_ids}. */
    static java.util.Set<String> docIds(ApiRequest request) {
        JsonNode ids;
        if ("POST".equals(request.method())) {
            DatabaseRoutes.requireJsonContent(request);
            ids = request.jsonBody().path("doc_ids");
        } else {
            String text = request.param("doc_ids").orElse(null);
            if (text == null) {
                ids = null;
            } else {
                try {
                    ids = Json.MAPPER.readTree(text);
                } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                    throw CouchError.badRequest("invalid UTF-8 JSON");
                }
            }
        }
        if (ids == null || !ids.isArray()) {
            throw CouchError.badRequest("`doc_ids` filter parameter is not a list of doc ids.");
        }
        java.util.Set<String> out = new java.util.HashSet<>();
        ids.forEach(id -> out.add(id.asText()));
        return out;
    }
}
