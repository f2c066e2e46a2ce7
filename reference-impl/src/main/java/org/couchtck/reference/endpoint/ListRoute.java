package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.couchtck.reference.store.Database;

/**
 * {@code /db/_design/d/_list/list/view} and {@code /db/_design/d/_list/list/other/view} as chttpd_show and
 * couch_mrview_show serve them: the list runs on one query-server process for the whole response ({@code ["lists",
 * name]} with the head and the request, then {@code list_row} per row until the list ends, then {@code list_end});
 * each non-empty batch of chunks is one HTTP chunk. An error before anything was sent is CouchDB's JSON error reply.
 */
final class ListRoute {

    private final DatabaseRoutes databases;
    private final DesignDocCalls calls;
    private final ViewRoute views;

    ListRoute(DatabaseRoutes databases, DesignDocCalls calls, ViewRoute views) {
        this.databases = databases;
        this.calls = calls;
        this.views = views;
    }

    void handle(ApiRequest request, ApiResponse response) throws IOException {
        Methods.allow(request, "GET,POST,HEAD");
        Database db = databases.open(request);
        ObjectNode ddoc = DesignDocs.open(db, request.segment(2));
        List<String> segments = request.segments();
        if (segments.size() != 6 && segments.size() != 7) {
            throw new CouchError(404, "list_error", "Invalid path.");
        }
        String listName = segments.get(4);
        DesignDocs.requireFunction(ddoc, "lists", listName);
        String viewDesign = segments.size() == 7 ? segments.get(5) : request.segment(2);
        String viewName = segments.get(segments.size() - 1);
        ViewRoute.ListInput input = views.listInput(request, db, viewDesign, viewName);
        ObjectNode req = DesignRequests.of(request, db, null);
        try (DesignDocCalls.Session session = calls.open(ddoc)) {
            JsonNode start = session.call(List.of("lists", listName),
                    Json.MAPPER.createArrayNode().add(input.head()).add(req));
            if (!(start.isArray() && start.size() == 3 && "start".equals(start.get(0).asText(null)))) {
                throw DesignDocCalls.failure(start);
            }
            ExternalResponse head = ExternalResponse.parse(start.get(2));
            Map<String, String> headers = head.withContentType(ApiResponse.JSON_TYPE);
            headers.put("Content-Security-Policy", "sandbox");
            Output out = new Output(response, head.code(), headers);
            out.send(start.get(1));
            boolean ended = false;
            for (ObjectNode row : input.rows()) {
                JsonNode reply = rowReply(session, out, row);
                if (reply == null) {
                    return;
                }
                out.send(reply.get(1));
                if ("end".equals(reply.get(0).asText())) {
                    ended = true;
                    break;
                }
            }
            if (!ended) {
                JsonNode end = session.prompt(Json.MAPPER.createArrayNode().add("list_end"));
                if (!(end.isArray() && end.size() >= 2 && "end".equals(end.get(0).asText(null)))) {
                    throw DesignDocCalls.failure(end);
                }
                out.send(end.get(1));
            }
            session.succeeded();
            out.end();
        }
    }

    /** The reply to one row; an error once the response has started is sent as its last chunk (null then). */
    private static JsonNode rowReply(DesignDocCalls.Session session, Output out, ObjectNode row) throws IOException {
        try {
            JsonNode reply = session.prompt(Json.MAPPER.createArrayNode().add("list_row").add(row));
            if (!(reply.isArray() && reply.size() >= 2 && reply.get(1).isArray())) {
                throw DesignDocCalls.failure(reply);
            }
            return reply;
        } catch (CouchError e) {
            if (!out.started()) {
                throw e;
            }
            out.sendError(e);
            return null;
        }
    }

    /** The chunked reply, started by its first non-empty chunk (as send_non_empty_chunk starts it). */
    private static final class Output {
        private final ApiResponse response;
        private final int code;
        private final Map<String, String> headers;
        private ApiResponse.Stream stream;

        Output(ApiResponse response, int code, Map<String, String> headers) {
            this.response = response;
            this.code = code;
            this.headers = headers;
        }

        boolean started() {
            return stream != null;
        }

        void send(JsonNode chunks) throws IOException {
            StringBuilder text = new StringBuilder();
            for (JsonNode chunk : chunks) {
                text.append(chunk.asText());
            }
            if (text.length() > 0) {
                open().write(text.toString());
            }
        }

        void sendError(CouchError e) throws IOException {
            open().write(Json.write(Json.error(e.error(), e.reason())) + "\n");
            end();
        }

        void end() throws IOException {
            open().end();
        }

        private ApiResponse.Stream open() {
            if (stream == null) {
                stream = response.externalStream(code, headers);
            }
            return stream;
        }
    }
}
