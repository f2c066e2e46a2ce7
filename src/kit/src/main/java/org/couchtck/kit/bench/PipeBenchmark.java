package org.couchtck.kit.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import org.couchtck.kit.process.ProcessTree;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.reference.queryserver.MapPipeWorkload;

/**
 * The map pipe: how fast a query server indexes when its whole input is there at once. A fresh process per run gets a
 * reset, one map function and {@code docs} {@code map_doc} lines ({@link MapPipeWorkload}), written to its stdin as
 * fast as it reads them; stdin is then closed and the whole process is timed until it exits. Measured per run: wall
 * time, CPU time and peak resident memory of the process and the processes it starts ({@link ProcessUsage}, from
 * {@code /proc} where there is one), and the time to its third reply (start-up: the replies to reset, add_fun and the
 * first document). The output's SHA-256 tells whether two servers, or one server before and after a change, wrote the
 * same bytes.
 */
public final class PipeBenchmark {

    /**
     * @param docs map_doc lines per run
     * @param runs fresh processes
     * @param seed seed of the documents
     * @param resetLine the reset line (the target's CouchDB version and language)
     * @param function the map function's source
     * @param runLimit how long one run may take before its process tree is killed
     */
    public record Options(int docs, int runs, long seed, String resetLine, String function, Duration runLimit) {}

    /**
     * One run.
     *
     * @param wallSeconds from start to exit
     * @param cpuSeconds user and system time of the process and the descendants it waited for, when it could be read
     * @param peakMiB peak resident memory (VmHWM) of the process, plus that of its descendants, when it could be read
     * @param startupSeconds from start to the third reply
     * @param sha256 of everything the process wrote to stdout
     */
    public record Run(double wallSeconds, OptionalDouble cpuSeconds, OptionalDouble peakMiB, double startupSeconds,
            String sha256) {}

    /** A run that did not give the expected replies (a crash, an error reply, garbage, a hang). */
    public static final class PipeException extends RuntimeException {
        PipeException(String message) {
            super(message);
        }
    }

    private static final Duration SAMPLE_EVERY = Duration.ofMillis(10);
    private static final int STDERR_TAIL = 2000;

    private final ServerCommand command;
    private final Options options;

    public PipeBenchmark(ServerCommand command, Options options) {
        this.command = command;
        this.options = options;
    }

    /** The whole input of a run, the same for the same options. */
    public byte[] input() {
        StringBuilder text = new StringBuilder(options.docs() * 280 + 200);
        text.append(options.resetLine()).append('\n');
        text.append(MapPipeWorkload.addFunLine(options.function())).append('\n');
        for (String line : MapPipeWorkload.mapDocLines(options.docs(), options.seed())) {
            text.append(line).append('\n');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Runs every run.
     *
     * @throws PipeException when a run does not answer every line with a reply that is not an error
     * @throws IOException when the server cannot be started
     */
    public List<Run> run() throws IOException {
        byte[] input = input();
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < options.runs(); i++) {
            runs.add(runOnce(input));
        }
        return runs;
    }

    private Run runOnce(byte[] input) throws IOException {
        ProcessUsage usage = new ProcessUsage();
        long started = System.nanoTime();
        Process process = new ProcessBuilder(command.argv()).start();
        usage.track(process.toHandle());
        Thread writer = new Thread(() -> feed(process.getOutputStream(), input), "couchtck-pipe-writer");
        writer.setDaemon(true);
        writer.start();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        Thread errors = new Thread(() -> drain(process.getErrorStream(), stderr), "couchtck-pipe-stderr");
        errors.setDaemon(true);
        errors.start();
        Thread sampler = new Thread(() -> sample(process, usage), "couchtck-pipe-sampler");
        sampler.setDaemon(true);
        sampler.start();
        Replies replies = new Replies(started);
        try (InputStream out = process.getInputStream()) {
            Thread reader = new Thread(() -> replies.read(out), "couchtck-pipe-reader");
            reader.setDaemon(true);
            reader.start();
            if (!process.waitFor(options.runLimit().toMillis(), TimeUnit.MILLISECONDS)) {
                ProcessTree.kill(process.toHandle(), List.of(), Duration.ofSeconds(5));
                throw new PipeException("the server did not finish within " + options.runLimit().toSeconds()
                        + " s; killed after " + replies.lines + " lines of output");
            }
            long ended = System.nanoTime();
            usage.exited();
            reader.join(Duration.ofSeconds(10).toMillis());
            sampler.join(Duration.ofSeconds(2).toMillis());
            errors.join(Duration.ofSeconds(2).toMillis());
            replies.check(options.docs(), process.exitValue(), tail(stderr));
            return new Run(seconds(ended - started), usage.cpuSeconds(), usage.peakMiB(),
                    replies.startupSeconds(), replies.sha256());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PipeException("interrupted");
        } finally {
            if (process.isAlive()) {
                ProcessTree.kill(process.toHandle(), List.of(), Duration.ofSeconds(5));
            }
        }
    }

    /** A table of the runs and their medians, for the terminal. */
    public static String describe(int docs, List<Run> runs) {
        StringBuilder out = new StringBuilder(String.format("%-6s %9s %12s %9s %10s %11s%n", "run", "wall s",
                "docs/s", "CPU s", "peak MiB", "start-up s"));
        for (int i = 0; i < runs.size(); i++) {
            Run run = runs.get(i);
            out.append(String.format("%-6s %9.2f %,12.0f %9s %10s %11.3f%n", "#" + (i + 1), run.wallSeconds(),
                    docs / run.wallSeconds(), format(run.cpuSeconds(), "%.2f"), format(run.peakMiB(), "%.0f"),
                    run.startupSeconds()));
        }
        double wall = median(runs.stream().mapToDouble(Run::wallSeconds).toArray());
        out.append(String.format("%-6s %9.2f %,12.0f %9s %10s %11.3f%n", "median", wall, docs / wall,
                medianOf(runs.stream().map(Run::cpuSeconds).toList(), "%.2f"),
                medianOf(runs.stream().map(Run::peakMiB).toList(), "%.0f"),
                median(runs.stream().mapToDouble(Run::startupSeconds).toArray())));
        List<String> hashes = runs.stream().map(Run::sha256).distinct().toList();
        out.append(hashes.size() == 1 ? "output sha256 " + hashes.get(0) + " (every run)"
                : "output sha256 differs between runs: " + hashes);
        return out.toString();
    }

    private static String format(OptionalDouble value, String pattern) {
        return value.isPresent() ? String.format(pattern, value.getAsDouble()) : "n/a";
    }

    private static String medianOf(List<OptionalDouble> values, String pattern) {
        if (values.stream().anyMatch(OptionalDouble::isEmpty)) {
            return "n/a";
        }
        return String.format(pattern, median(values.stream().mapToDouble(OptionalDouble::getAsDouble).toArray()));
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    private static void feed(OutputStream stdin, byte[] input) {
        try (stdin) {
            stdin.write(input);
        } catch (IOException e) {
            // The server stopped reading (it exited); the replies tell what happened.
        }
    }

    private static void drain(InputStream in, ByteArrayOutputStream sink) {
        byte[] buffer = new byte[8192];
        try (in) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                synchronized (sink) {
                    if (sink.size() < 1 << 20) {
                        sink.write(buffer, 0, n);
                    }
                }
            }
        } catch (IOException e) {
            // The stream ended with the process.
        }
    }

    private static String tail(ByteArrayOutputStream stderr) {
        String text;
        synchronized (stderr) {
            text = stderr.toString(StandardCharsets.UTF_8);
        }
        return text.length() > STDERR_TAIL ? text.substring(text.length() - STDERR_TAIL) : text;
    }

    private static void sample(Process process, ProcessUsage usage) {
        try (usage) {
            while (process.isAlive()) {
                usage.sample();
                Thread.sleep(SAMPLE_EVERY.toMillis());
            }
        } catch (InterruptedException e) {
            // Stopped.
        }
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    /**
     * What the server wrote: counted, checked line by line, hashed. Read as bytes, each line judged by its start and
     * its last byte alone, so that the kit takes little of the CPU the server is measured on.
     */
    static final class Replies {
        /** Bytes kept of a line's start: enough to judge it, and to quote a bad one. */
        private static final int KEPT = 200;
        private static final byte[] LOG = "[\"log\",".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] ERROR = "[\"error\"".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] TRUE = "true".getBytes(StandardCharsets.US_ASCII);

        private final MessageDigest digest = sha256Digest();
        private final long started;
        private final byte[] start = new byte[KEPT];
        private int kept;
        private long length;
        private byte last;
        volatile long lines;
        volatile long thirdReplyNanos;
        private long replies;
        private String firstBad;
        private long firstBadNumber;

        /** @param started when the server was started ({@link System#nanoTime}), for the time to its third reply */
        Replies(long started) {
            this.started = started;
        }

        // Replies are lines that are not ["log", ...]; every one after add_fun must be a list of lists, not an error.
        void read(InputStream out) {
            byte[] buffer = new byte[64 * 1024];
            try {
                int n;
                while ((n = out.read(buffer)) > 0) {
                    accept(buffer, n);
                }
            } catch (IOException e) {
                // Output ended with the process.
            }
            finish();
        }

        /** Takes the next {@code n} bytes of output. */
        void accept(byte[] buffer, int n) {
            digest.update(buffer, 0, n);
            int from = 0;
            for (int i = 0; i < n; i++) {
                if (buffer[i] == '\n') {
                    take(buffer, from, i);
                    endLine();
                    from = i + 1;
                }
            }
            take(buffer, from, n);
        }

        /** Ends the output: a last line without a newline still counts. */
        void finish() {
            if (length > 0) {
                endLine();
            }
        }

        private void take(byte[] buffer, int from, int to) {
            if (to > from) {
                int room = Math.min(KEPT - kept, to - from);
                System.arraycopy(buffer, from, start, kept, room);
                kept += room;
                length += to - from;
                last = buffer[to - 1];
            }
        }

        private void endLine() {
            lines++;
            boolean log = startsWith(LOG);
            if (!log) {
                judge();
            }
            kept = 0;
            length = 0;
        }

        private void judge() {
            replies++;
            if (replies == 3) {
                thirdReplyNanos = System.nanoTime();
            }
            boolean good = replies <= 2 ? length == TRUE.length && startsWith(TRUE)
                    : length >= 2 && start[0] == '[' && last == ']' && !startsWith(ERROR);
            if (!good && firstBad == null) {
                String text = new String(start, 0, kept, StandardCharsets.UTF_8);
                firstBad = length > kept ? text + "..." : text;
                firstBadNumber = replies;
            }
        }

        private boolean startsWith(byte[] prefix) {
            if (kept < prefix.length) {
                return false;
            }
            for (int i = 0; i < prefix.length; i++) {
                if (start[i] != prefix[i]) {
                    return false;
                }
            }
            return true;
        }

        /** Seconds from the start to the third reply. */
        double startupSeconds() {
            return seconds(thirdReplyNanos - started);
        }

        void check(int docs, int exitCode, String stderrTail) {
            String context = " (exit code " + exitCode + (stderrTail.isBlank() ? "" : "; stderr: " + stderrTail.strip())
                    + ")";
            if (firstBad != null) {
                throw new PipeException("reply " + firstBad + " (number " + firstBadNumber + ") is not the answer"
                        + " expected there" + context);
            }
            if (replies != docs + 2L) {
                throw new PipeException("expected " + (docs + 2) + " replies (reset, add_fun and one per document),"
                        + " got " + replies + context);
            }
        }

        String sha256() {
            return HexFormat.of().formatHex(digest.digest());
        }

        private static MessageDigest sha256Digest() {
            try {
                return MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is missing from this JVM", e);
            }
        }
    }
}
