package org.couchtck.kit.report;

import java.io.PrintStream;
import org.couchtck.kit.check.CaseResult;

/**
 * A one-line progress indicator for a terminal: cases done of total, the section being run and the failures
 * so far, redrawn in place with a carriage return. Safe to call from the threads that run cases. The caller
 * decides whether the output is interactive ({@code System.console() != null}); off a terminal (a CI log, a pipe)
 * {@link #forLog} prints the same facts as a plain line now and then instead, so that a log is not silent for
 * minutes and holds no carriage returns.
 */
public class ProgressBar {

    private static final int BAR_CELLS = 24;
    private static final int MAX_SECTION = 28;

    private final PrintStream out;
    private int total;
    private int done;
    private int failed;
    private int errors;
    private String section = "";
    private int drawnWidth;

    private ProgressBar(PrintStream out) {
        this.out = out;
    }

    /**
     * A bar drawing on {@code out}, or one that draws nothing when {@code interactive} is false.
     */
    public static ProgressBar forStream(PrintStream out, boolean interactive) {
        return interactive ? new ProgressBar(out) : new Silent();
    }

    /**
     * Plain lines for a log: one when a case finishes at least {@code every} after the last line (the first after
     * {@code every} from the start), none at the end (the summary follows). {@code nanos} is the clock.
     */
    public static ProgressBar forLog(PrintStream out, java.time.Duration every, java.util.function.LongSupplier nanos) {
        return new Logged(out, every.toNanos(), nanos);
    }

    /** Draws nothing: for {@code --no-progress}. */
    public static ProgressBar none() {
        return new Silent();
    }

    /** The run will take {@code cases} cases; draws the empty bar. */
    public synchronized void start(int cases) {
        total = cases;
        done = 0;
        failed = 0;
        errors = 0;
        section = "";
        draw();
    }

    /** One case finished; counts it and redraws. */
    public synchronized void caseFinished(CaseResult result) {
        done++;
        switch (result.verdict()) {
            case FAIL, STALE -> failed++;
            case ERROR -> errors++;
            default -> { }
        }
        section = RunSections.nameOf(result);
        draw();
    }

    /** Clears the line so that what is printed next starts clean. */
    public synchronized void finish() {
        if (drawnWidth > 0) {
            out.print("\r" + " ".repeat(drawnWidth) + "\r");
            out.flush();
            drawnWidth = 0;
        }
    }

    /** The line as it is drawn now, without the carriage return. */
    synchronized String line() {
        int filled = total == 0 ? 0 : (int) ((long) BAR_CELLS * Math.min(done, total) / total);
        return "[" + "#".repeat(filled) + "-".repeat(BAR_CELLS - filled) + "] " + done + "/" + total
                + (section.isEmpty() ? "" : "  " + SafeText.oneLine(section, MAX_SECTION))
                + "  fail " + failed + "  error " + errors;
    }

    private void draw() {
        String line = line();
        // Pad over the previous, longer line instead of relying on terminal erase codes.
        String padding = " ".repeat(Math.max(0, drawnWidth - line.length()));
        out.print("\r" + line + padding);
        out.flush();
        drawnWidth = line.length();
    }

    /** Plain lines now and then: for pipes and CI logs. */
    private static final class Logged extends ProgressBar {
        private final PrintStream log;
        private final long everyNanos;
        private final java.util.function.LongSupplier nanos;
        private long started;
        private long lastLine;

        Logged(PrintStream log, long everyNanos, java.util.function.LongSupplier nanos) {
            super(null);
            this.log = log;
            this.everyNanos = everyNanos;
            this.nanos = nanos;
        }

        @Override
        public synchronized void start(int cases) {
            super.total = cases;
            super.done = 0;
            super.failed = 0;
            super.errors = 0;
            started = nanos.getAsLong();
            lastLine = started;
        }

        @Override
        public synchronized void caseFinished(CaseResult result) {
            super.done++;
            switch (result.verdict()) {
                case FAIL, STALE -> super.failed++;
                case ERROR -> super.errors++;
                default -> { }
            }
            long now = nanos.getAsLong();
            if (now - lastLine >= everyNanos) {
                lastLine = now;
                log.println("couchtck: " + super.done + " of " + super.total + " cases done ("
                        + SafeText.oneLine(idSection(result.caseId()), MAX_SECTION) + "), " + super.failed + " failed, "
                        + super.errors + " errors, " + (now - started) / 1_000_000_000L + " s");
                log.flush();
            }
        }

        @Override
        public void finish() {}

        /** {@code qs.map_doc} of {@code qs.map_doc.emit-many}: the suite and the section in one. */
        private static String idSection(String id) {
            int last = id.lastIndexOf('.');
            return last < 0 ? id : id.substring(0, last);
        }
    }

    /** Draws nothing: for --no-progress. */
    private static final class Silent extends ProgressBar {
        Silent() {
            super(null);
        }

        @Override
        public void start(int cases) {}

        @Override
        public void caseFinished(CaseResult result) {}

        @Override
        public void finish() {}

        @Override
        synchronized String line() {
            return "";
        }
    }
}
