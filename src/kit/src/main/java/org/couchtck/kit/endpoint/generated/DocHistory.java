package org.couchtck.kit.endpoint.generated;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What one document went through, as the kit knows it from the replies its writer got: the open branches (leaf
 * revisions) after each acknowledged write, and CouchDB's winner among them. Only the document's own writer touches
 * it while the workload runs; the judges read it after that writer ended.
 */
final class DocHistory {

    /** CouchDB's winner order: a live leaf before a deleted one, then the higher position, then the higher hash. */
    static final Comparator<Map.Entry<String, Boolean>> WINNER_ORDER = Comparator
            .comparing((Map.Entry<String, Boolean> leaf) -> !leaf.getValue())
            .thenComparingLong(leaf -> position(leaf.getKey()))
            .thenComparing(leaf -> hash(leaf.getKey()));

    /**
     * The document after one acknowledged write.
     *
     * @param leaves the leaf revisions
     * @param winner the winning revision
     * @param deleted whether the winner is a deletion
     * @param sentAt when the write was sent ({@link System#nanoTime()})
     * @param line the workload line of the write
     */
    record Version(Set<String> leaves, String winner, boolean deleted, long sentAt, int line) {}

    private final String id;
    /** Leaf revision to whether it is a deletion. */
    private final Map<String, Boolean> leaves = new LinkedHashMap<>();
    private final List<Version> versions = new ArrayList<>();
    private String root;
    private String uncertain;

    DocHistory(String id) {
        this.id = id;
    }

    String id() {
        return id;
    }

    /** Whether the document has no revision yet (as far as acknowledged writes go). */
    boolean isEmpty() {
        return leaves.isEmpty();
    }

    /** The first revision: where made-up branches start. */
    String root() {
        return root;
    }

    /** The current winning leaf. */
    Optional<Map.Entry<String, Boolean>> winner() {
        return leaves.entrySet().stream().max(WINNER_ORDER);
    }

    /** Whether the current winner is a deletion (or there is none). */
    boolean deleted() {
        return winner().map(Map.Entry::getValue).orElse(true);
    }

    /** Records an acknowledged write: {@code replaced} (a leaf, or null) gave way to {@code rev}. */
    void written(String replaced, String rev, boolean deletion, long sentAt, int line) {
        if (root == null) {
            root = rev;
        }
        if (replaced != null) {
            leaves.remove(replaced);
        }
        leaves.put(rev, deletion);
        Map.Entry<String, Boolean> winner = winner().orElseThrow();
        versions.add(new Version(Collections.unmodifiableSet(new LinkedHashSet<>(leaves.keySet())), winner.getKey(),
                winner.getValue(), sentAt, line));
    }

    /** Marks the document as unknown from here on: a write may or may not have happened (no reply, a 5xx). */
    void uncertain(String why) {
        if (uncertain == null) {
            uncertain = why;
        }
    }

    /** Why the kit no longer knows the document's state; empty while it does. */
    Optional<String> uncertainty() {
        return Optional.ofNullable(uncertain);
    }

    /** The states after each acknowledged write, in order. */
    List<Version> versions() {
        return List.copyOf(versions);
    }

    /** The state after the last acknowledged write; empty when none was acknowledged. */
    Optional<Version> last() {
        return versions.isEmpty() ? Optional.empty() : Optional.of(versions.get(versions.size() - 1));
    }

    /** The index of the version whose leaves are exactly {@code revs}; -1 when the document never had them. */
    int versionOf(Set<String> revs) {
        for (int i = versions.size() - 1; i >= 0; i--) {
            if (versions.get(i).leaves().equals(revs)) {
                return i;
            }
        }
        return -1;
    }

    static long position(String rev) {
        int dash = rev.indexOf('-');
        try {
            return dash < 0 ? 0 : Long.parseLong(rev.substring(0, dash));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    static String hash(String rev) {
        int dash = rev.indexOf('-');
        return dash < 0 ? rev : rev.substring(dash + 1);
    }
}
