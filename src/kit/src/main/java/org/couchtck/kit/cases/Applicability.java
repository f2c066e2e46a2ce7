package org.couchtck.kit.cases;

/**
 * Whether a case applies to a target, and if not, why.
 *
 * @param applicable whether the case can run against the target
 * @param reason why not (empty when applicable)
 */
public record Applicability(boolean applicable, String reason) {

    /** The case applies. */
    public static Applicability yes() {
        return new Applicability(true, "");
    }

    /** The case does not apply, because of {@code reason}. */
    public static Applicability no(String reason) {
        return new Applicability(false, reason);
    }
}
