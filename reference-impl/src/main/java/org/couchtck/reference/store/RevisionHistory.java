package org.couchtck.reference.store;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A read-only copy of a document's revisions: what {@code ?rev=} and {@code _revisions} need. */
public final class RevisionHistory {

    private final Map<Revision, RevisionNode> nodes;

    RevisionHistory(Map<Revision, RevisionNode> nodes) {
        this.nodes = Map.copyOf(nodes);
    }

    /** The revision, if its body is still known. */
    public Optional<RevisionNode> find(Revision rev) {
        RevisionNode n = nodes.get(rev);
        return n == null || n.body() == null ? Optional.empty() : Optional.of(n);
    }

    /** The ids from {@code rev} back to the oldest known ancestor, newest first. */
    public List<Revision> path(Revision rev) {
        List<Revision> path = new java.util.ArrayList<>();
        RevisionNode n = nodes.get(rev);
        while (n != null) {
            path.add(n.rev());
            n = n.parent() == null ? null : nodes.get(n.parent());
        }
        return path;
    }
}
