package org.couchtck.reference.store;

import java.util.ArrayList;
import java.util.List;

/**
 * How the reference simulates a CouchDB cluster: {@code nodes} nodes, {@code n} copies of every database, a write
 * answered once {@code w} copies have it (fabric_doc_update), and {@code lagging} of the copies getting each write only
 * {@code lagMillis} later, as internal replication brings it to copies that were slow to take it. A read of a view,
 * {@code _all_docs}, a {@code _changes} feed or the database info is served by one copy (fabric_view: the first
 * to respond; here the next in turn), which may be one that lags. A write that fewer than {@code w} copies take at
 * once is answered 202 Accepted. One node with one copy is CouchDB's single node: no copy lags, nothing is 202.
 *
 * @param nodes the cluster's nodes, as {@code _membership} lists them
 * @param n copies of each database, the one the endpoint writes to first included
 * @param w copies a write must reach at once to be answered 201 (else 202)
 * @param lagging copies that get each write {@code lagMillis} late; at most {@code n - 1}
 * @param lagMillis how late the lagging copies get a write; {@link Long#MAX_VALUE}: never, unless a read repairs them
 * @param staleReads every read fabric serves from one copy comes from a lagging one (a broken cluster, for the kit's
 *     own tests: with copies that never catch up, such reads never show a write)
 * @param conflictingWrites every document write the up-to-date copies refuse as a conflict lands on a copy that lags
 *     and still has the revision it names: it is taken there, answered 202 Accepted, and becomes a conflict once the
 *     copies exchange what they have (fabric_doc_update answers {@code accepted} when some copies took a write and too
 *     few agree); for the kit's own tests, the worst a cluster may do
 */
public record ClusterLayout(int nodes, int n, int w, int lagging, long lagMillis, boolean staleReads,
        boolean conflictingWrites) {

    /** CouchDB's single node: one copy, nothing lags. */
    public static final ClusterLayout SINGLE_NODE = new ClusterLayout(1, 1, 1, 0, 0, false);

    public ClusterLayout {
        if (nodes < 1 || n < 1 || n > nodes) {
            throw new IllegalArgumentException("a cluster has at least one node and at most one copy per node, got "
                    + nodes + " nodes and n = " + n);
        }
        if (w < 1 || w > n) {
            throw new IllegalArgumentException("w must be 1.." + n + ", got " + w);
        }
        if (lagging < 0 || lagging > n - 1) {
            throw new IllegalArgumentException("at most n - 1 = " + (n - 1) + " copies can lag, got " + lagging);
        }
        if (lagMillis < 0) {
            throw new IllegalArgumentException("the lag must not be negative, got " + lagMillis);
        }
        if (conflictingWrites && lagging == 0) {
            throw new IllegalArgumentException("conflicting writes land on a copy that lags, and none lags");
        }
    }

    /** A layout whose writes are never taken by a copy that lags once the others refuse them. */
    public ClusterLayout(int nodes, int n, int w, int lagging, long lagMillis, boolean staleReads) {
        this(nodes, n, w, lagging, lagMillis, staleReads, false);
    }

    /** This layout with every conflicting write taken by a copy that lags ({@link #conflictingWrites}). */
    public ClusterLayout withConflictingWrites() {
        return new ClusterLayout(nodes, n, w, lagging, lagMillis, staleReads, true);
    }

    /**
     * A cluster of {@code nodes} nodes with {@code n} copies, CouchDB's default write quorum (a majority), and the
     * copies beyond it lagging {@code lagMillis}.
     */
    public static ClusterLayout of(int nodes, int n, long lagMillis) {
        int w = n / 2 + 1;
        return new ClusterLayout(nodes, n, w, n - w, lagMillis, false);
    }

    /** Whether copies of a database may disagree after a write. */
    public boolean isCluster() {
        return n > 1;
    }

    /** Whether a write is answered before {@code w} copies have it: 202 Accepted. */
    public boolean acceptsOnly() {
        return n - lagging < w;
    }

    /** The read quorum CouchDB defaults to: a majority of the copies. */
    public int r() {
        return n / 2 + 1;
    }

    /** The nodes' names, as {@code _membership} lists them. */
    public List<String> nodeNames() {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= nodes; i++) {
            names.add("node" + i + "@127.0.0.1");
        }
        return names;
    }
}
