package org.couchtck.kit.endpoint.generated;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything one run of a {@link FeedWorkload} produced, for the judges ({@link FeedJudge}) to look at.
 *
 * @param workload what ran
 * @param database the workload's database
 * @param docs every document a writer wrote, by id, with what the replies say it went through
 * @param refusals writes the server did not acknowledge (a wrong status, no reply), in the order they happened
 * @param databases the extra databases, with what was acknowledged of them
 * @param silent why the kit stopped sending: a request got no reply at all; empty when every request was answered
 * @param readers what each feed reader got
 * @param mainOnly the normal feed since 0 after the workload, with the default style
 * @param allDocs the normal feed since 0 after the workload, with style=all_docs (every leaf of every document)
 * @param resumes the feed again from seqs the readers got
 * @param settle how long the kit waited for the feeds to catch up, at most
 */
record WorkloadOutcome(FeedWorkload workload, String database, Map<String, DocHistory> docs, List<Refusal> refusals,
        List<ExtraDatabase> databases, Optional<String> silent, Map<ReaderKind, ReaderLog> readers, Feed mainOnly,
        Feed allDocs, List<Resume> resumes, Duration settle) {

    /**
     * A write without an acknowledgement.
     *
     * @param line the workload line
     * @param text what was sent and what came back
     * @param database whether it was a database operation
     */
    record Refusal(int line, String text, boolean database) {}

    /**
     * An extra database a writer created (and perhaps deleted).
     *
     * @param name its name
     * @param createdLine the workload line that created it
     * @param created whether its creation was acknowledged
     * @param deletedLine the workload line that deleted it; -1 when none did
     * @param deleted whether its deletion was acknowledged
     * @param uncertain whether a request about it got no answer, so that its state is unknown
     */
    record ExtraDatabase(String name, int createdLine, boolean created, int deletedLine, boolean deleted,
            boolean uncertain) {}

    /**
     * One normal feed request's rows, or why there are none.
     *
     * @param request what was asked
     * @param rows the rows in the order given
     * @param problem what was wrong with the reply
     */
    record Feed(String request, List<ChangeRow> rows, Optional<String> problem) {}

    /**
     * The feed asked again from a seq a reader got.
     *
     * @param point the workload's resume point
     * @param seq the seq, as sent
     * @param position the index of the reader's last row before the seq (in {@link ReaderLog#rows()}); -1 before all
     * @param seqAt when the reader had the seq ({@link System#nanoTime()})
     * @param feed what the server answered
     */
    record Resume(FeedWorkload.ResumePoint point, String seq, int position, long seqAt, Feed feed) {}

    /** The reader of {@code kind}. */
    ReaderLog reader(ReaderKind kind) {
        return readers.get(kind);
    }
}
