package org.couchtck.kit.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.couchtck.kit.process.ProcessTree;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.reference.queryserver.MapPipeWorkload;

/**
 * The map pipe: how fast a query server indexes when its whole input is there at once. A fresh process per run gets a
 * reset, one map function and {@code docs} {@code map_doc} lines ({@link MapPipeWorkload}), written to its stdin as
 * fast as it reads them; stdin is then closed and the whole process is timed until it exits. Measured per run: wall
 * time, CPU time and peak resident memory of the process (from {@code /proc} while it runs, where there is one), and
 * the time to its third reply (start-up: the replies to reset, add_fun and the first document). The output's SHA-256
 * tells whether two servers, or one server before and after a change, wrote the same bytes.
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
     * @param cpuSeconds user and system time of the process, when it could be read
     * @param peakMiB peak resident memory (VmHWM), when it could be read
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
        long started = System.nanoTime();
        Process process = new ProcessBuilder(command.argv()).start();
        ProcStats stats = new ProcStats(process.pid());
        Thread writer = new Thread(() -> feed(process.getOutputStream(), input), "couchtck-pipe-writer");
        writer.setDaemon(true);
        writer.start();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        Thread errors = new Thread(() -> drain(process.getErrorStream(), stderr), "couchtck-pipe-stderr");
        errors.setDaemon(true);
        errors.start();
        Thread sampler = new Thread(() -> sample(process, stats), "couchtck-pipe-sampler");
        sampler.setDaemon(true);
        sampler.start();
        Replies replies = new Replies();
        try (InputStream out = process.getInputStream()) {
            Thread reader = new Thread(() -> replies.read(out, started), "couchtck-pipe-reader");
            reader.setDaemon(true);
            reader.start();
            if (!process.waitFor(options.runLimit().toMillis(), TimeUnit.MILLISECONDS)) {
                ProcessTree.kill(process.toHandle(), List.of(), Duration.ofSeconds(5));
                throw new PipeException("the server did not finish within " + options.runLimit().toSeconds()
                        + " s; killed after " + replies.lines + " lines of output");
            }
            long ended = System.nanoTime();
            reader.join(Duration.ofSeconds(10).toMillis());
            sampler.join(Duration.ofSeconds(2).toMillis());
            errors.join(Duration.ofSeconds(2).toMillis());
            replies.check(options.docs(), process.exitValue(), tail(stderr));
            return new Run(seconds(ended - started), stats.cpuSeconds(), stats.peakMiB(),
                    seconds(replies.thirdReplyNanos - started), replies.sha256());
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

    private static void sample(Process process, ProcStats stats) {
        while (process.isAlive()) {
            stats.read();
            try {
                Thread.sleep(SAMPLE_EVERY.toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    /** What the server wrote: counted, checked line by line, hashed. */
    private static final class Replies {
        private final MessageDigest digest = sha256Digest();
        volatile long lines;
        volatile long thirdReplyNanos;
        private long replies;
        private String firstBad;
        private long firstBadNumber;

        // Replies are lines that are not ["log", ...]; every one after add_fun must be a list of lists, not an error.
        void read(InputStream out, long started) {
            byte[] buffer = new byte[64 * 1024];
            ByteArrayOutputStream line = new ByteArrayOutputStream(512);
            try {
                int n;
                while ((n = out.read(buffer)) > 0) {
                    digest.update(buffer, 0, n);
                    for (int i = 0; i < n; i++) {
                        if (buffer[i] == '\n') {
                            endLine(line.toString(StandardCharsets.UTF_8));
                            line.reset();
                        } else if (line.size() < 4096) {
                            line.write(buffer[i]);
                        }
                    }
                }
                if (line.size() > 0) {
                    endLine(line.toString(StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                // Output ended with the process.
            }
        }

        private void endLine(String text) {
            lines++;
            if (text.startsWith("[\"log\",")) {
                return;
            }
            replies++;
            if (replies == 3) {
                thirdReplyNanos = System.nanoTime();
            }
            boolean good = replies <= 2 ? text.equals("true")
                    : text.startsWith("[") && text.endsWith("]") && !text.startsWith("[\"error\"");
            if (!good && firstBad == null) {
                firstBad = text.length() > 200 ? text.substring(0, 200) + "..." : text;
                firstBadNumber = replies;
            }
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

    /** CPU time and peak memory of a process, read from Linux's /proc while it lives; empty elsewhere. */
    private static final class ProcStats {
        private static final double CLOCK_TICKS_PER_SECOND = 100;
        private final Path stat;
        private final Path status;
        private volatile OptionalLong cpuTicks = OptionalLong.empty();
        private volatile OptionalLong peakKiB = OptionalLong.empty();

        ProcStats(long pid) {
            stat = Path.of("/proc", Long.toString(pid), "stat");
            status = Path.of("/proc", Long.toString(pid), "status");
        }

        void read() {
            try {
                String text = Files.readString(stat);
                // Fields after the command name (which may hold spaces) start after the last ')'.
                String[] fields = text.substring(text.lastIndexOf(')') + 2).split(" ");
                cpuTicks = OptionalLong.of(Long.parseLong(fields[11]) + Long.parseLong(fields[12]));
                for (String line : Files.readAllLines(status)) {
                    if (line.startsWith("VmHWM:")) {
                        peakKiB = OptionalLong.of(Long.parseLong(line.replaceAll("[^0-9]", "")));
                    }
                }
            } catch (IOException | RuntimeException e) {
                // No /proc here, or the process has just exited: keep the last reading.
            }
        }

        OptionalDouble cpuSeconds() {
            return cpuTicks.isPresent() ? OptionalDouble.of(cpuTicks.getAsLong() / CLOCK_TICKS_PER_SECOND)
                    : OptionalDouble.empty();
        }

        OptionalDouble peakMiB() {
            return peakKiB.isPresent() ? OptionalDouble.of(peakKiB.getAsLong() / 1024.0) : OptionalDouble.empty();
        }
    }
}
