package org.couchtck.kit.check;

import java.util.regex.Pattern;

/**
 * A case whose verdict came from a bound running out, judged again with larger bounds. On a loaded machine a reply
 * that takes longer than the kit's bound (a JVM still starting, a 20,000-document view build) says the machine is
 * slow, not that the target is wrong: such a case is run again with {@link #SCALE} times its bounds, when nothing else
 * runs. Passing then, it passes as slow, saying what it took; running out again, it fails as a hang; failing
 * otherwise, that failure is its verdict.
 */
public final class SlowJudgement {

    /** How much larger the bounds are when a case is judged again. */
    public static final int SCALE = 4;
    /**
     * At most this many cases of a suite are judged again: a loaded machine slows a few, while a target that hangs
     * makes many run out of time, and judging each of those again would only make its run {@link #SCALE} times longer.
     */
    public static final int MAX_AGAIN = 10;

    /**
     * The kit's words for a bound that ran out: a reply (HTTP, a query server's line), a process's exit after its
     * input closed (a query server, a daemon, a handler).
     */
    private static final Pattern RAN_OUT = Pattern.compile("no (response|reply) within \\d+ ms"
            + "|did not exit (on its own )?within \\d+ ms|still running \\d+ ms after its standard input closed");

    private SlowJudgement() {}

    /** Whether {@code result} failed (or could not be judged) because a reply did not come within its bound. */
    public static boolean ranOutOfTime(CaseResult result) {
        return (result.verdict() == Verdict.FAIL || result.verdict() == Verdict.WARN
                || result.verdict() == Verdict.ERROR) && !result.message().startsWith("not run:")
                && RAN_OUT.matcher(result.message()).find();
    }

    /** The verdict of a case that ran out of time ({@code first}) and was judged again with larger bounds. */
    public static CaseResult combine(CaseResult first, CaseResult again) {
        String before = "beside the other cases: " + first.message();
        if (again.verdict() == Verdict.PASS) {
            return with(again, CaseResult.SLOW_PREFIX + "it passed only when judged again alone with " + SCALE
                    + "× its bounds (it took " + again.duration().toMillis() + " ms); " + before);
        }
        if (ranOutOfTime(again)) {
            return with(again, again.message() + " (a hang: judged again alone with " + SCALE + "× its bounds, it "
                    + "ran out of time again; " + before + ")");
        }
        return with(again, again.message() + " (judged again alone with " + SCALE + "× its bounds, after "
                + first.verdict() + " " + before + ")");
    }

    private static CaseResult with(CaseResult result, String message) {
        return new CaseResult(result.caseId(), result.section(), result.level(), result.description(), result.spec(),
                result.verdict(), message, result.expected(), result.actual(), result.failedStep(),
                result.transcript(), result.seed(), result.duration(), result.baselineReason(),
                result.notApplicable());
    }
}
