package org.couchtck.kit.check;

import org.couchtck.kit.cases.Level;

/** The outcome of one case against one target. */
public enum Verdict {
    /** Every expectation held. */
    PASS,
    /** A MUST expectation was broken. */
    FAIL,
    /** A SHOULD (or MAY/INFO) expectation was broken. */
    WARN,
    /** The case does not apply to the target (language, version, capability). */
    NA,
    /** The case could not run to its end: spawn failure, crash, hang. */
    ERROR,
    /** A failure the target's baseline lists, with a reason. */
    KNOWN,
    /** A baseline entry whose case now passes: the baseline must be updated. */
    STALE;

    /**
     * The verdict of a case of {@code level} whose expectation broke: FAIL for a MUST case; WARN for SHOULD, and for
     * MAY and INFO cases, which record what happened without failing the run.
     */
    public static Verdict broken(Level level) {
        return level.failsRun() ? FAIL : WARN;
    }

    /** Whether this verdict makes the run exit non-zero. */
    public boolean failsRun() {
        return this == FAIL || this == ERROR || this == STALE;
    }
}
