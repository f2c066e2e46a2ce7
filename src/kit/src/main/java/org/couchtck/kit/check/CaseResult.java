package org.couchtck.kit.check;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import org.couchtck.kit.cases.Applicability;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.wire.TranscriptEntry;

/**
 * What running one case produced: the verdict, why, and the evidence.
 *
 * @param caseId the stable case id
 * @param section the case's section (second id segment)
 * @param level the case's level
 * @param description the case's one-line description
 * @param spec the spec reference
 * @param verdict the outcome
 * @param message why the verdict is what it is; empty for PASS
 * @param expected the failing step's expectation as JSON text, empty when not applicable
 * @param actual what the target answered at the failing step, empty when not applicable
 * @param failedStep index of the failing step, or -1
 * @param transcript every line exchanged while the case ran
 * @param seed the generator seed for generated cases
 * @param duration wall time of the case
 * @param baselineReason the baseline's reason for KNOWN and STALE verdicts, else empty
 * @param notApplicable why an NA case did not apply ({@link Applicability.Cause#NONE} for every other verdict, and
 *     for NA results read from files that did not say)
 */
public record CaseResult(
        String caseId,
        String section,
        Level level,
        String description,
        String spec,
        Verdict verdict,
        String message,
        String expected,
        String actual,
        int failedStep,
        List<TranscriptEntry> transcript,
        OptionalLong seed,
        Duration duration,
        String baselineReason,
        Applicability.Cause notApplicable) {

    /** How the message of a case that passed only with larger bounds starts ({@link #slow}). */
    public static final String SLOW_PREFIX = "slow here: ";

    public CaseResult {
        Objects.requireNonNull(caseId, "caseId");
        Objects.requireNonNull(verdict, "verdict");
        message = message == null ? "" : message;
        expected = expected == null ? "" : expected;
        actual = actual == null ? "" : actual;
        spec = spec == null ? "" : spec;
        description = description == null ? "" : description;
        baselineReason = baselineReason == null ? "" : baselineReason;
        transcript = List.copyOf(transcript);
        seed = seed == null ? OptionalLong.empty() : seed;
        duration = duration == null ? Duration.ZERO : duration;
        notApplicable = notApplicable == null || verdict != Verdict.NA ? Applicability.Cause.NONE : notApplicable;
    }

    /** A result that is not NA for a known cause. */
    public CaseResult(String caseId, String section, Level level, String description, String spec, Verdict verdict,
            String message, String expected, String actual, int failedStep, List<TranscriptEntry> transcript,
            OptionalLong seed, Duration duration, String baselineReason) {
        this(caseId, section, level, description, spec, verdict, message, expected, actual, failedStep, transcript,
                seed, duration, baselineReason, Applicability.Cause.NONE);
    }

    /** The same NA result, saying why the case did not apply. */
    public CaseResult withNotApplicable(Applicability.Cause cause) {
        return new CaseResult(caseId, section, level, description, spec, verdict, message, expected, actual,
                failedStep, transcript, seed, duration, baselineReason, cause);
    }

    /** The same result with another verdict and baseline reason (baseline application). */
    public CaseResult withBaseline(Verdict newVerdict, String reason) {
        return new CaseResult(caseId, section, level, description, spec, newVerdict, message, expected, actual,
                failedStep, transcript, seed, duration, reason, notApplicable);
    }

    /** Whether the case passed only when judged again with larger bounds: the machine was too slow for its own. */
    public boolean slow() {
        return verdict == Verdict.PASS && message.startsWith(SLOW_PREFIX);
    }
}
