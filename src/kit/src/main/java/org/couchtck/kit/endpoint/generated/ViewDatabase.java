package org.couchtck.kit.endpoint.generated;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.couchtck.kit.endpoint.EndpointTarget;
import org.couchtck.kit.endpoint.generated.Requests.Answer;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;

/**
 * The database one generated view example works in: created when opened, documents written with {@code _bulk_docs}
 * ({@value #BULK} a request), one JavaScript design document, view queries, and deleted when closed, pass or fail.
 * Requests go one at a time on the caller's thread, each bounded by the request timeout; nothing outlives
 * {@link #close()}.
 *
 * <p>An endpoint that does not answer at all makes every method throw {@link EndpointUnavailable} (the case is
 * ERROR); one that answers, but not as CouchDB would for a step the property needs, throws {@link Refused} (the
 * example fails).
 */
final class ViewDatabase implements AutoCloseable {

    /** The most documents one {@code _bulk_docs} request writes. */
    static final int BULK = 1_000;
    /** The name of the example's design document. */
    static final String DESIGN = "gen";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** The endpoint answered a step of the example wrongly: the example fails with this. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final String expected;
        private final String actual;

        Refused(String message, String expected, String actual) {
            super(message, null, false, false);
            this.expected = expected;
            this.actual = actual;
        }

        String expected() {
            return expected;
        }

        String actual() {
            return actual;
        }
    }

    private final EndpointTarget target;
    private final Duration timeout;
    private final String name;
    private final Transcript transcript;
    private final int copies;
    private boolean silent;
    /** Documents written and design documents saved: what every copy must count before a view is read. */
    private long documents;
    /** Whether a write came since the copies last agreed. */
    private boolean unsettled;

    /**
     * Creates database {@code name}.
     *
     * @throws EndpointUnavailable when the endpoint does not answer, or does not create the database
     */
    ViewDatabase(EndpointTarget target, Duration timeout, String name, Transcript transcript)
            throws InterruptedException {
        this(target, timeout, name, transcript, 1);
    }

    /**
     * Creates database {@code name} on an endpoint that keeps {@code copies} copies of it: on a cluster, a view is
     * read once every copy counts the documents written ({@link ClusterConvergence}).
     */
    ViewDatabase(EndpointTarget target, Duration timeout, String name, Transcript transcript, int copies)
            throws InterruptedException {
        this.target = target;
        this.timeout = timeout;
        this.name = name;
        this.transcript = transcript;
        this.copies = copies;
        Answer answer = send("PUT", "/" + name, Optional.empty());
        if (answer.status() != 201 && answer.status() != 202) {
            throw new EndpointUnavailable("the example's database could not be created: PUT /" + name
                    + " answered " + answer.shown(), transcript);
        }
    }

    String name() {
        return name;
    }

    /** Writes {@code docs} (each with its {@code _id}) in order, {@value #BULK} a request. */
    void write(List<? extends JsonNode> docs) throws InterruptedException {
        for (int from = 0; from < docs.size(); from += BULK) {
            ObjectNode body = NODES.objectNode();
            ArrayNode batch = body.putArray("docs");
            docs.subList(from, Math.min(docs.size(), from + BULK)).forEach(batch::add);
            String path = "/" + name + "/_bulk_docs";
            Answer answer = send("POST", path, Optional.of(ViewValues.json(body)));
            Optional<JsonNode> reply = answer.answered() ? answer.json() : Optional.empty();
            boolean written = (answer.status() == 201 || answer.status() == 202) && reply.isPresent()
                    && reply.get().isArray() && reply.get().size() == batch.size();
            if (written) {
                for (JsonNode result : reply.get()) {
                    written &= !result.has("error");
                }
            }
            if (!written) {
                throw new Refused("the documents were not all written: POST " + path + " answered "
                        + answer.shown(), "201 with one result without error per document", answer.shown());
            }
            documents += batch.size();
            unsettled = true;
        }
    }

    /** Saves the JavaScript design document {@code _design/}{@value #DESIGN} with {@code views}. */
    void design(ObjectNode views) throws InterruptedException {
        ObjectNode body = NODES.objectNode().put("language", "javascript");
        body.set("views", views);
        String path = "/" + name + "/_design/" + DESIGN;
        Answer answer = send("PUT", path, Optional.of(ViewValues.json(body)));
        if (answer.status() != 201 && answer.status() != 202) {
            throw new Refused("the design document was not saved: PUT " + path + " answered " + answer.shown(),
                    "201", answer.shown());
        }
        documents++;
        unsettled = true;
    }

    /** The path of a query of view {@code view}; {@code query} without its {@code ?}, empty for none. */
    String viewPath(String view, String query) {
        return "/" + name + "/_design/" + DESIGN + "/_view/" + view + (query.isEmpty() ? "" : "?" + query);
    }

    /** The {@code rows} of {@code GET path} (a {@link #viewPath}). */
    ArrayNode rows(String path) throws InterruptedException {
        if (unsettled) {
            ClusterConvergence.await(copies, "all " + documents + " documents of " + name, this::counted, transcript);
            unsettled = false;
        }
        Answer answer = send("GET", path, Optional.empty());
        Optional<JsonNode> body = answer.answered() && answer.status() == 200 ? answer.json() : Optional.empty();
        if (body.isEmpty() || !body.get().path("rows").isArray()) {
            throw new Refused("GET " + path + " answered " + answer.shown(), "200 {\"rows\": [...]}",
                    answer.shown());
        }
        return (ArrayNode) body.get().get("rows");
    }

    /** Whether the database's info counts every document written (its doc_count, design documents included). */
    private boolean counted() throws InterruptedException {
        Answer answer = send("GET", "/" + name, Optional.empty());
        Optional<JsonNode> info = answer.answered() && answer.status() == 200 ? answer.json() : Optional.empty();
        return info.isPresent() && info.get().path("doc_count").asLong(-1) == documents;
    }

    private Answer send(String method, String path, Optional<String> body) throws InterruptedException {
        Answer answer = Requests.send(target, transcript, "example", method, path, body, timeout);
        if (answer.silent()) {
            silent = true;
            throw new EndpointUnavailable("the endpoint " + target.baseUri() + " did not answer " + method + " "
                    + path + ": " + answer.failure(), transcript);
        }
        return answer;
    }

    /** Deletes the database, unless the endpoint stopped answering (each request would cost its timeout). */
    @Override
    public void close() throws InterruptedException {
        if (silent) {
            transcript.add(Direction.EVENT, "not deleting " + name + ": the endpoint does not answer");
            return;
        }
        Requests.send(target, transcript, "cleanup", "DELETE", "/" + name, Optional.empty(), timeout);
    }
}
