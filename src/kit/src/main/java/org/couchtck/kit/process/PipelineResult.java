package org.couchtck.kit.process;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * What came of sending many request lines without waiting for each reply (see {@link StdioServer#pipeline}).
 *
 * @param replies the reply lines received, in order; fewer than the requests when the pipeline ended early
 * @param logs the messages of all log lines received, in order
 * @param outcome {@link Exchange.Outcome#REPLY} when every request got its reply, otherwise why the pipeline ended
 * @param exitCode the server's exit status when it had exited on its own by the end
 * @param elapsed from the first write to the last reply or the failure
 * @param detail one sentence saying what happened
 */
public record PipelineResult(List<String> replies, List<String> logs, Exchange.Outcome outcome, OptionalInt exitCode,
        Duration elapsed, String detail) {

    public PipelineResult {
        replies = List.copyOf(replies);
        logs = List.copyOf(logs);
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(exitCode, "exitCode");
        Objects.requireNonNull(elapsed, "elapsed");
        Objects.requireNonNull(detail, "detail");
    }

    /** A sentence for a failure message. */
    public String describe() {
        return detail;
    }
}
