package org.couchtck.kit.report;

import java.io.PrintStream;
import org.couchtck.kit.check.CaseResult;

/**
 * A one-line progress indicator for a terminal: cases done of total, the section being run and the failures
 * so far, redrawn in place with a carriage return. Safe to call from the threads that run cases. The caller
 * decides whether the output is interactive ({@code System.console() != null}); a non-interactive bar prints
 * nothing, so logs and pipes stay clean.
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

    /** Draws nothing: for pipes, CI logs and --no-progress. */
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
