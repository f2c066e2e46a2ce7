package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Runs design-document functions as couch_query_servers does, on the pooled query server of the design document's
 * language: a process is checked out, sent {@code ["ddoc","new",id,ddoc]} unless the pool says it already has that
 * revision, reset, and then sent {@code ["ddoc", id, [funpath...], [args...]]}. A call that fails in any way (an
 * {@code ["error",...]} reply included) stops the process instead of returning it to the pool.
 */
final class DesignDocCalls {

    private final QueryServerPool pool;
    private final ViewServers servers;

    DesignDocCalls(QueryServerPool pool, ViewServers servers) {
        this.pool = pool;
        this.servers = servers;
    }

    /** One call, one reply; an error reply is thrown as CouchDB's 500 with its id and reason. */
    JsonNode call(ObjectNode ddoc, List<String> path, ArrayNode args) {
        try (Session session = open(ddoc)) {
            JsonNode reply = session.call(path, args);
            session.succeeded();
            return reply;
        }
    }

    /** A process ready for calls of {@code ddoc} (a list needs several lines on one process). */
    Session open(ObjectNode ddoc) {
        String language = ddoc.path("language").isTextual() ? ddoc.get("language").asText() : "javascript";
        QueryProcess process = pool.checkOut(language);
        Session session = new Session(ddoc, language, process);
        try {
            String id = ddoc.path("_id").asText();
            String rev = ddoc.path("_rev").asText();
            if (!pool.knows(process, id, rev)) {
                JsonNode reply = process.prompt(Json.MAPPER.createArrayNode().add("ddoc").add("new").add(id).add(ddoc));
                if (!reply.asBoolean(false)) {
                    throw failure(reply);
                }
                pool.taught(process, id, rev);
            }
            servers.reset(process);
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
        return session;
    }

    /** An error reply as the HTTP error CouchDB answers with; anything else unexpected as os_process_error. */
    static CouchError failure(JsonNode reply) {
        if (reply.isArray() && reply.size() == 3 && ("error".equals(reply.get(0).asText(null))
                || "fatal".equals(reply.get(0).asText(null)))) {
            return new CouchError(500, reply.get(1).asText(), reason(reply.get(2)));
        }
        return new CouchError(500, "os_process_error", "Invalid reply from the query server: " + reply);
    }

    /** A reason that is not a string shows as Erlang prints its EJSON term, as CouchDB's error body does. */
    private static String reason(JsonNode reason) {
        if (reason.isTextual()) {
            return reason.asText();
        }
        if (reason.isObject() && reason.isEmpty()) {
            return "{[]}";
        }
        return Json.write(reason);
    }

    /** One checked-out process; closing it returns it to the pool after {@link #succeeded}, else stops it. */
    final class Session implements AutoCloseable {
        private final ObjectNode ddoc;
        private final String language;
        private final QueryProcess process;
        private boolean ok;
        private boolean closed;

        private Session(ObjectNode ddoc, String language, QueryProcess process) {
            this.ddoc = ddoc;
            this.language = language;
            this.process = process;
        }

        /** {@code ["ddoc", id, path, args]}; an error reply is thrown (the session then stops the process). */
        JsonNode call(List<String> path, ArrayNode args) {
            ArrayNode line = Json.MAPPER.createArrayNode().add("ddoc").add(ddoc.path("_id").asText());
            ArrayNode fn = line.addArray();
            path.forEach(fn::add);
            line.add(args);
            return prompt(line);
        }

        /** Any other line (a list's {@code list_row}, {@code list_end}); an error reply is thrown. */
        JsonNode prompt(JsonNode line) {
            JsonNode reply = process.prompt(line);
            if (reply.isArray() && reply.size() == 3 && ("error".equals(reply.get(0).asText(null))
                    || "fatal".equals(reply.get(0).asText(null)))) {
                throw failure(reply);
            }
            return reply;
        }

        /** The calls went well: the process may serve others. */
        void succeeded() {
            ok = true;
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            if (ok) {
                pool.checkIn(language, process);
            } else {
                pool.discard(process);
            }
        }
    }
}
