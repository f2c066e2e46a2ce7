package org.couchtck.kit.cases;

import java.util.Objects;

/**
 * Whether a case applies to a target, and if not, why.
 *
 * @param applicable whether the case can run against the target
 * @param reason why not (empty when applicable)
 * @param cause what kind of reason it is ({@link Cause#NONE} when applicable)
 */
public record Applicability(boolean applicable, String reason, Cause cause) {

    /** What keeps a case from applying. */
    public enum Cause {
        NONE,
        /** A function of the case has no source in the target's language. */
        NO_SOURCE,
        /** The case is about one language itself ({@code lang:} capability) and the target speaks another. */
        LANGUAGE,
        /** The case belongs to a profile the run does not measure (e.g. {@code couchjs}). */
        PROFILE,
        /** The target speaks a CouchDB version out of the case's range. */
        VERSION,
        /** The run says the target lacks a feature the case needs. */
        FEATURE,
        /**
         * The target does not do what the case is about, as seen while the case ran: a daemon that never asks for a
         * port has no HTTP to check, a handler that does not echo has no echo to compare.
         */
        BEHAVIOUR
    }

    public Applicability {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(cause, "cause");
    }

    /** The case applies. */
    public static Applicability yes() {
        return new Applicability(true, "", Cause.NONE);
    }

    /** The case does not apply, because of {@code reason}. */
    public static Applicability no(Cause cause, String reason) {
        return new Applicability(false, reason, cause);
    }
}
