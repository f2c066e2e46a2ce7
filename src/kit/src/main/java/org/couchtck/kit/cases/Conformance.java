package org.couchtck.kit.cases;

import java.util.Arrays;
import java.util.Locale;

/**
 * What a run measures a target against, each profile holding the ones before it. {@link #COUCHDB} asks what CouchDB
 * documents and what it and its clients rely on (shared PROTOCOL-NOTES.md; for an endpoint: revision ids are opaque,
 * any uuid layout will do); {@link #COUCHJS} also asks what couchjs does, for drop-in replacements of couchjs;
 * {@link #EXACT} also asks what CouchDB 3.5.2's own endpoint does byte for byte (its revision hashes, error reason
 * texts, float layout), for the reference and for CouchDB itself.
 */
public enum Conformance {
    COUCHDB,
    COUCHJS,
    EXACT;

    /** The name used on the command line and in fixtures. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a case of profile {@code caseProfile} is part of a run in this profile. */
    public boolean includes(Conformance caseProfile) {
        return caseProfile.ordinal() <= ordinal();
    }

    /**
     * The profile named {@code text} ({@code couchdb} or {@code couchjs}).
     *
     * @throws IllegalArgumentException for any other name
     */
    public static Conformance parse(String text) {
        for (Conformance c : values()) {
            if (c.id().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + text + "' (expected one of "
                + Arrays.stream(values()).map(Conformance::id).toList() + ")");
    }
}
