package org.couchtck.kit.cli;

/** The process exit codes every couchtck command uses. */
final class ExitCodes {
    /** No FAIL, ERROR or STALE outside the baseline. */
    static final int OK = 0;
    /** The target broke expectations (or a comparison found regressions). */
    static final int FAILURES = 1;
    /** Bad flags, a malformed fixture or baseline, an unusable configuration. */
    static final int USAGE = 2;
    /** The target could not be started or never answered. */
    static final int TARGET_UNAVAILABLE = 3;
    /** The run was stopped by SIGINT (the JVM exits with 130, or 143 for SIGTERM, whatever a command returns). */
    static final int INTERRUPTED = 130;

    private ExitCodes() {}
}
