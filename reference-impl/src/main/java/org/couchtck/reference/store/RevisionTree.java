package org.couchtck.reference.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The revisions of one document: every revision it was written with, linked to its parent. Leaves are the open
 * branches; the winner is the leaf CouchDB would return for a plain GET.
 *
 * <p>Not thread-safe: the owning {@link Database} guards it.
 */
final class RevisionTree {

    private static final Comparator<RevisionNode> WINNER_ORDER = Comparator
            .comparing((RevisionNode n) -> !n.deleted())
            .thenComparing(RevisionNode::rev);

    private final Map<Revision, RevisionNode> nodes = new HashMap<>();
    private final Set<Revision> parents = new HashSet<>();

    boolean isEmpty() {
        return nodes.isEmpty();
    }

    boolean contains(Revision rev) {
        return nodes.containsKey(rev);
    }

    Optional<RevisionNode> node(Revision rev) {
        return Optional.ofNullable(nodes.get(rev));
    }

    boolean isLeaf(Revision rev) {
        return nodes.containsKey(rev) && !parents.contains(rev);
    }

    /** Adds a revision; a known one is left as it is (returns false). */
    boolean add(RevisionNode node) {
        RevisionNode known = nodes.get(node.rev());
        if (known != null) {
            if (known.body() == null && node.body() != null) {
                Revision parent = known.parent() != null ? known.parent() : node.parent();
                nodes.put(node.rev(), new RevisionNode(node.rev(), parent, node.body(), node.deleted(),
                        node.attachments()));
                if (parent != null) {
                    parents.add(parent);
                    nodes.computeIfAbsent(parent, p -> new RevisionNode(p, null, null, false));
                }
                return true;
            }
            return false;
        }
        nodes.put(node.rev(), node);
        if (node.parent() != null) {
            parents.add(node.parent());
            nodes.computeIfAbsent(node.parent(), p -> new RevisionNode(p, null, null, false));
        }
        return true;
    }

    /** The open branches, winner first, then the others in CouchDB's order (descending by position and hash). */
    List<RevisionNode> leaves() {
        List<RevisionNode> leaves = new ArrayList<>();
        for (RevisionNode n : nodes.values()) {
            if (!parents.contains(n.rev()) && n.body() != null) {
                leaves.add(n);
            }
        }
        leaves.sort(WINNER_ORDER.reversed());
        return leaves;
    }

    RevisionNode winner() {
        return leaves().get(0);
    }

    /** An immutable picture of the tree for readers, the document's latest write being at {@code seq}. */
    DocumentState snapshot(String id, long seq) {
        List<RevisionNode> leaves = leaves();
        return new DocumentState(id, seq, leaves.get(0), leaves, new RevisionHistory(nodes));
    }
}
