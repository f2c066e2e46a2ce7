package org.couchtck.kit.cases;

import java.util.Arrays;
import java.util.Locale;

/**
 * What a run measures a target against. {@link #COUCHDB} asks what CouchDB itself relies on
 * (shared PROTOCOL-NOTES.md); {@link #COUCHJS} also asks what couchjs does, for drop-in replacements of couchjs.
 * Every case of the {@code couchdb} profile is also in the {@code couchjs} profile.
 */
public enum Conformance {
    COUCHDB,
    COUCHJS;

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
