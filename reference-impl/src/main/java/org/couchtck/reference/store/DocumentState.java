package org.couchtck.reference.store;

import java.util.List;

/**
 * A document as it stood at one update sequence: an immutable snapshot readers may use outside the database's lock.
 *
 * @param id the document id
 * @param seq the update sequence of its latest write
 * @param winner the winning revision
 * @param leaves every open branch, winner first
 * @param tree the whole revision tree at that moment (a copy), for {@code ?rev=} and {@code _revisions}
 */
public record DocumentState(String id, long seq, RevisionNode winner, List<RevisionNode> leaves,
        RevisionHistory tree) {

    public DocumentState {
        leaves = List.copyOf(leaves);
    }

    public boolean deleted() {
        return winner.deleted();
    }

    /** Non-deleted leaves other than the winner. */
    public List<RevisionNode> conflicts() {
        return leaves.stream().skip(1).filter(n -> !n.deleted()).toList();
    }

    /** Deleted leaves other than the winner. */
    public List<RevisionNode> deletedConflicts() {
        return leaves.stream().skip(1).filter(RevisionNode::deleted).toList();
    }
}
