package org.couchtck.kit.endpoint.generated;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.couchtck.kit.endpoint.EndpointTarget;
import org.couchtck.kit.generate.Counterexample;
import org.couchtck.kit.generate.Property;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;

/**
 * One generated view property: each example is written into a fresh database of its own ({@link ViewDatabase}),
 * queried, judged against the reference's collation and reducers, and the database deleted. A failure's lines are
 * the example's documents, one a line, so that the shrunk counterexample lists the smallest failing document set.
 *
 * @param <T> what an example is
 */
abstract class ViewProperty<T> implements Property<T> {

    /**
     * Where the examples run.
     *
     * @param runId part of every database name (lowercase {@code [a-z0-9_-]})
     * @param requestTimeout the bound on one request and its reply
     */
    record Context(EndpointTarget target, String runId, Duration requestTimeout, int copies,
            AtomicInteger databases) {
        Context(EndpointTarget target, String runId, Duration requestTimeout) {
            this(target, runId, requestTimeout, 1);
        }

        /** @param copies how many copies the endpoint keeps of a database: a cluster's are awaited before a query */
        Context(EndpointTarget target, String runId, Duration requestTimeout, int copies) {
            this(target, runId, requestTimeout, copies, new AtomicInteger());
        }

        String nextDatabase() {
            return "couchtck-" + runId + "-gv-" + databases.incrementAndGet();
        }
    }

    /** How an example broke the property: one sentence, what should have come, what came. */
    record Mismatch(String message, String expected, String actual) {}

    private final Context context;

    ViewProperty(Context context) {
        this.context = context;
    }

    /** The example's documents (and whatever else it is made of), one a line, for the report. */
    abstract List<String> lines(T example);

    /** A one-line summary of the example for the transcript. */
    abstract String describe(T example);

    /** Writes {@code example} into {@code db}, queries it and judges the answers. */
    abstract Optional<Mismatch> judge(T example, ViewDatabase db) throws InterruptedException;

    @Override
    public final Optional<Counterexample> check(T example, Transcript transcript) {
        String name = context.nextDatabase();
        transcript.add(Direction.EVENT, "example against " + context.target().baseUri() + " in database " + name
                + ": " + describe(example));
        Optional<Mismatch> mismatch;
        try (ViewDatabase db = new ViewDatabase(context.target(), context.requestTimeout(), name, transcript,
                context.copies())) {
            try {
                mismatch = judge(example, db);
            } catch (ViewDatabase.Refused e) {
                mismatch = Optional.of(new Mismatch(e.getMessage(), e.expected(), e.actual()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EndpointUnavailable("the kit was interrupted while the example ran");
        }
        mismatch.ifPresent(m -> transcript.add(Direction.EVENT, "the property does not hold: " + m.message()));
        return mismatch.map(m -> new Counterexample(m.message(), m.expected(), m.actual(), lines(example), -1));
    }
}
