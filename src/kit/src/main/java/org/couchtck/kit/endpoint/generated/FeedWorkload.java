package org.couchtck.kit.endpoint.generated;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.couchtck.kit.generate.Choices;

/**
 * A generated workload: the operations of each concurrent writer, and the points of the readers' feeds from which
 * the kit resumes afterwards. Drawn from {@link Choices} so that a seed gives the same workload and the shrinker can
 * delete whole writers, single operations and resume points (each is one list element of the choices).
 *
 * @param writers each writer's operations, in the order it sends them
 * @param resumePoints where the kit resumes the feed afterwards, as {@code since=} a seq a reader got
 */
public record FeedWorkload(List<List<FeedOp>> writers, List<ResumePoint> resumePoints) {

    /** The most writers of a workload. */
    public static final int MAX_WRITERS = 3;
    /** The most operations of one writer. */
    public static final int MAX_OPERATIONS = 12;
    /** The most resume points. */
    public static final int MAX_RESUME_POINTS = 3;

    /** The readers whose seqs a resume point takes. */
    public static final List<ReaderKind> RESUMABLE = List.of(ReaderKind.CONTINUOUS, ReaderKind.EVENTSOURCE,
            ReaderKind.LONGPOLL);

    /**
     * A seq a reader got, from which the kit asks for the changes again after the workload.
     *
     * @param reader whose seqs
     * @param permille where among them: 0 the first, 1000 the last
     */
    public record ResumePoint(ReaderKind reader, int permille) {
        public ResumePoint {
            Objects.requireNonNull(reader, "reader");
            if (permille < 0 || permille > 1000) {
                throw new IllegalArgumentException("permille is 0..1000, got " + permille);
            }
        }

        /** The point in words. */
        public String describe() {
            return "resume from the " + reader.id() + " feed's seq at " + (permille / 10.0) + "%";
        }
    }

    public FeedWorkload {
        writers = writers.stream().map(List::copyOf).toList();
        resumePoints = List.copyOf(resumePoints);
    }

    /**
     * The workload {@code choices} make; the same choices make the same workload. Every writer, operation and resume
     * point is a list element the shrinker can delete; a fresh draw almost always has a first writer with a first
     * operation (an empty workload would spend a run on nothing).
     */
    public static FeedWorkload generate(Choices choices) {
        List<List<FeedOp>> writers = new ArrayList<>(choices.list(1, 97, c -> new WriterDraw().operations(c)));
        writers.addAll(choices.list(MAX_WRITERS - 1, 70, c -> new WriterDraw().operations(c)));
        List<ResumePoint> resumes = choices.list(MAX_RESUME_POINTS, 70,
                c -> new ResumePoint(c.pick(RESUMABLE), c.between(0, 1000)));
        return new FeedWorkload(writers, resumes);
    }

    /** How many operations all writers have together. */
    public int operations() {
        return writers.stream().mapToInt(List::size).sum();
    }

    /** The workload as lines, one per operation ({@code writer N: ...}) and one per resume point. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        for (int w = 0; w < writers.size(); w++) {
            for (FeedOp op : writers.get(w)) {
                lines.add("writer " + w + ": " + op.describe(w));
            }
        }
        resumePoints.forEach(point -> lines.add(point.describe()));
        return lines;
    }

    /** The index in {@link #lines()} of operation {@code index} of writer {@code writer}. */
    public int lineOf(int writer, int index) {
        int line = 0;
        for (int w = 0; w < writer; w++) {
            line += writers.get(w).size();
        }
        return line + index;
    }

    /** One writer's operations being drawn: what it created so far decides what its next operation can name. */
    private static final class WriterDraw {
        int documents;
        int databases;
        final List<Integer> liveDatabases = new ArrayList<>();
        int drawn;

        List<FeedOp> operations(Choices choices) {
            List<FeedOp> ops = new ArrayList<>(choices.list(1, 97, this::operation));
            ops.addAll(choices.list(MAX_OPERATIONS - 1, 88, this::operation));
            return ops;
        }

        FeedOp operation(Choices choices) {
            drawn++;
            int kind = choices.between(0, 19);
            if (kind >= 17 && !liveDatabases.isEmpty()) {
                int database = liveDatabases.remove(choices.between(0, liveDatabases.size() - 1));
                return new FeedOp(FeedOp.Kind.DELETE_DB, database, "", false);
            }
            if (kind >= 15) {
                liveDatabases.add(databases);
                return new FeedOp(FeedOp.Kind.CREATE_DB, databases++, "", false);
            }
            if (kind >= 12) {
                int document = document(choices, true);
                // The first 16 digits are drawn (so that the branch may win or lose against the server's revisions);
                // the last 16 make it unique within the writer.
                String branch = String.format("%016x%016x", choices.draw(Long.MAX_VALUE), (long) drawn);
                return new FeedOp(FeedOp.Kind.CONFLICT, document, branch, choices.chance(25));
            }
            if (kind >= 9 && documents > 0) {
                return new FeedOp(FeedOp.Kind.DELETE, document(choices, false), "", false);
            }
            return new FeedOp(FeedOp.Kind.WRITE, document(choices, true), "", false);
        }

        /** One of the writer's documents so far, or with {@code orNew} possibly a new one. */
        private int document(Choices choices, boolean orNew) {
            int document = choices.between(0, orNew ? documents : documents - 1);
            if (document == documents) {
                documents++;
            }
            return document;
        }
    }
}
