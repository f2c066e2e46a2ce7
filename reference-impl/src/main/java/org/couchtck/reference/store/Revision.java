package org.couchtck.reference.store;

import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;

/**
 * One revision id, {@code <pos>-<hash>}. Ordered as CouchDB picks a winner among leaves: higher position first, then
 * the greater hash as a string.
 */
public record Revision(long pos, String hash) implements Comparable<Revision> {

    public Revision {
        Objects.requireNonNull(hash, "hash");
        if (pos < 1) {
            throw new IllegalArgumentException("revision position must be positive: " + pos);
        }
    }

    /** Parses {@code "3-abc"}; empty when the text is not a revision id CouchDB would accept. */
    public static Optional<Revision> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        int dash = text.indexOf('-');
        if (dash < 1 || dash == text.length() - 1) {
            return Optional.empty();
        }
        try {
            long pos = Long.parseLong(text.substring(0, dash));
            return pos < 1 ? Optional.empty() : Optional.of(new Revision(pos, text.substring(dash + 1)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The hash as the 16 bytes CouchDB hashes into the next revision id, or the text's bytes when it is not hex. */
    byte[] hashBytes() {
        if (hash.length() == 32) {
            try {
                return HexFormat.of().parseHex(hash);
            } catch (IllegalArgumentException notHex) {
                // a revision id made by a client with new_edits=false: CouchDB keeps it as text
            }
        }
        return hash.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Override
    public int compareTo(Revision other) {
        int byPos = Long.compare(pos, other.pos);
        return byPos != 0 ? byPos : hash.compareTo(other.hash);
    }

    @Override
    public String toString() {
        return pos + "-" + hash;
    }
}
