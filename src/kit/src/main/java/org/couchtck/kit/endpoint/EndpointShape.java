package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What an endpoint is, as far as the HTTP cases care: one node or a cluster of several (CouchDB's {@code _membership}),
 * how many copies it keeps of each shard ({@code n}) and in how many ranges it splits a database ({@code q}), read from
 * a new database's info, and whether it has the {@code _global_changes} database that {@code /_db_updates} reads.
 *
 * <p>On a cluster a write returns once {@code w} copies have it, and views, {@code _all_docs}, {@code _changes} and the
 * database info are read from one copy of each range, which may not have it yet (fabric_doc_update, fabric_view): the
 * executor reads those again until the copies caught up ({@link ClusterReads}). A case that needs what the endpoint
 * lacks is NA with the reason {@link #whyAbsent} gives.
 *
 * @param nodes the cluster's nodes; 1 for a single node, or when the endpoint has no {@code _membership}
 * @param n copies of each shard range, when the endpoint says
 * @param q shard ranges of a new database, when the endpoint says
 * @param globalChangesMissing why {@code /_db_updates} cannot work here (no {@code _global_changes}), when it cannot
 */
public record EndpointShape(int nodes, OptionalInt n, OptionalInt q, Optional<String> globalChangesMissing) {

    /** The feature of the cases that read {@code /_db_updates}: the endpoint has its {@code _global_changes}. */
    public static final String GLOBAL_CHANGES = "global_changes";
    /**
     * The feature of the cases that only make sense on one node: they need every read answered by the same copy
     * (what one copy's index holds while {@code update=false} leaves it as it is, the ETag of one copy's state), and a
     * cluster answers such a read from any copy.
     */
    public static final String SINGLE_NODE_FEATURE = "single_node";

    /** What a run assumes of an endpoint it did not probe: one node, everything there. */
    public static final EndpointShape SINGLE_NODE = new EndpointShape(1, OptionalInt.empty(), OptionalInt.empty(),
            Optional.empty());

    private static final ObjectMapper JSON = new ObjectMapper();

    public EndpointShape {
        if (nodes < 1) {
            throw new IllegalArgumentException("an endpoint has at least one node, got " + nodes);
        }
        Objects.requireNonNull(n, "n");
        Objects.requireNonNull(q, "q");
        Objects.requireNonNull(globalChangesMissing, "globalChangesMissing");
    }

    /** Whether copies of a database may disagree for a while after a write: several nodes, or several copies. */
    public boolean isCluster() {
        return nodes > 1 || n.orElse(1) > 1;
    }

    /** Why the endpoint lacks {@code feature}, or empty when it has it (or it is not a feature of this). */
    public Optional<String> whyAbsent(String feature) {
        if (SINGLE_NODE_FEATURE.equals(feature)) {
            return isCluster() ? Optional.of("the endpoint is a " + describe() + ": the case needs every read "
                    + "answered by one copy, and a cluster answers each from any copy, each with its own index and "
                    + "state") : Optional.empty();
        }
        return GLOBAL_CHANGES.equals(feature) ? globalChangesMissing : Optional.empty();
    }

    /** "cluster of 3 nodes, n = 3, q = 2, no _global_changes", "single node, q = 2". */
    public String describe() {
        List<String> parts = new ArrayList<>();
        parts.add(isCluster() ? "cluster of " + nodes + (nodes == 1 ? " node" : " nodes") : "single node");
        n.ifPresent(copies -> parts.add("n = " + copies));
        q.ifPresent(ranges -> parts.add("q = " + ranges));
        globalChangesMissing.ifPresent(why -> parts.add("no _global_changes"));
        return String.join(", ", parts);
    }

    /**
     * Asks {@code target} (as its admin) what it is: {@code GET /_membership}; {@code PUT}, {@code GET} and
     * {@code DELETE} of the database {@code probeDatabase} for {@code cluster.n} and {@code cluster.q}; and, when
     * {@code GET /_db_updates} answers 404 for a database that does not exist, {@code GET /_global_changes}. What it
     * cannot learn it leaves out: a server without {@code _membership} is one node, one without {@code cluster} in its
     * database info says no n or q.
     */
    public static EndpointShape probe(EndpointTarget target, String probeDatabase, Duration timeout)
            throws InterruptedException {
        int nodes = 1;
        OptionalInt n = OptionalInt.empty();
        OptionalInt q = OptionalInt.empty();
        Optional<String> globalChanges = Optional.empty();
        try {
            JsonNode membership = json(target.send(target.adminCall("GET", "/_membership", timeout)));
            if (membership.path("cluster_nodes").isArray() && !membership.path("cluster_nodes").isEmpty()) {
                nodes = membership.path("cluster_nodes").size();
            }
        } catch (IOException e) {
            // no membership to read: one node, as far as the kit can tell
        }
        try {
            HttpReply created = target.send(target.adminCall("PUT", "/" + probeDatabase, timeout));
            if (created.status() == 201 || created.status() == 202) {
                try {
                    JsonNode cluster = json(target.send(target.adminCall("GET", "/" + probeDatabase, timeout)))
                            .path("cluster");
                    n = positive(cluster.path("n"));
                    q = positive(cluster.path("q"));
                } finally {
                    target.send(target.adminCall("DELETE", "/" + probeDatabase, timeout));
                }
            }
        } catch (IOException e) {
            // no database info to read: n and q unknown
        }
        try {
            HttpReply updates = target.send(target.adminCall("GET", "/_db_updates?limit=0", timeout));
            if (updates.status() == 404) {
                HttpReply database = target.send(target.adminCall("GET", "/_global_changes", timeout));
                if (database.status() == 404) {
                    globalChanges = Optional.of("the endpoint has no _global_changes database, which /_db_updates "
                            + "reads (GET /_db_updates answers 404); CouchDB's setup creates it, a cluster set up "
                            + "without it has none");
                }
            }
        } catch (IOException e) {
            // /_db_updates is judged by its cases
        }
        return new EndpointShape(nodes, n, q, globalChanges);
    }

    private static JsonNode json(HttpReply reply) {
        if (reply.status() != 200) {
            return JSON.missingNode();
        }
        try {
            return JSON.readTree(reply.body());
        } catch (IOException e) {
            return JSON.missingNode();
        }
    }

    private static OptionalInt positive(JsonNode value) {
        return value.canConvertToInt() && value.intValue() > 0 ? OptionalInt.of(value.intValue()) : OptionalInt.empty();
    }
}
