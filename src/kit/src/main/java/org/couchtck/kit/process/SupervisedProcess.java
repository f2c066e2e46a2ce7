package org.couchtck.kit.process;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.couchtck.kit.wire.BoundedLineReader;
import org.couchtck.kit.wire.BoundedLineReader.Line;
import org.couchtck.kit.wire.Direction;

/**
 * A process the kit started and answers for, whatever it is (a query server, an OS daemon, an {@code _external}
 * handler, an HTTP endpoint): started from a {@link ServerCommand}, its standard error (and, for a process whose
 * standard output is a log rather than a protocol, its standard output too) read line by line on threads of its own
 * and handed to the current {@link OutputLines}, its exit seen and told there, and at the end its whole process tree
 * killed, including what it left behind holding its output open. A kill made by the kit is remembered: such a process
 * never counts as having exited on its own. What the process says over standard input and output is a layer above
 * ({@link StdioServer}), or none (an endpoint speaks HTTP).
 */
public final class SupervisedProcess implements AutoCloseable {

    /** Where the lines a process writes, and what the kit sees of it, are told. */
    @FunctionalInterface
    public interface OutputLines {
        /**
         * One line: {@link Direction#STDERR} or {@link Direction#STDOUT} as the process wrote it (cut at 64 KiB),
         * or an {@link Direction#EVENT} of the kit's (started, exited, killed).
         */
        void line(Direction direction, String text);

        /** Tells nothing. */
        OutputLines NONE = (direction, text) -> { };
    }

    /** What the process's standard output is. */
    public enum Stdout {
        /** A protocol: the layer above reads it ({@link #stdout()}). */
        PROTOCOL,
        /** A log: read line by line like standard error, as {@link Direction#STDOUT}. */
        LOG
    }

    private static final int OUTPUT_LINE_BYTES = 64 * 1024;
    private static final int STDERR_TAIL_CHARS = 8 * 1024;
    private static final Duration KILL_WAIT = Duration.ofSeconds(5);
    /** A JVM that is exiting should not wait long for the children it kills. */
    private static final Duration SHUTDOWN_KILL_WAIT = Duration.ofSeconds(1);
    private static final Duration THREAD_JOIN = Duration.ofSeconds(2);

    private final Process process;
    private final ServerCommand command;
    private final StderrTail stderrTail = new StderrTail(STDERR_TAIL_CHARS);
    private final StderrPipe stderr;
    private final Thread stderrReader;
    private final Optional<Thread> stdoutLogReader;
    private final Optional<PipeHolders> stdoutPipe;
    private final Thread shutdownHook;
    private volatile OutputLines output;
    private volatile boolean killedByKit;
    private volatile boolean closed;

    private SupervisedProcess(Process process, ServerCommand command, Stdout stdoutRole, OutputLines output) {
        this.process = process;
        this.command = command;
        this.output = output;
        long pid = process.pid();
        this.stdoutPipe = PipeHolders.ofStdout(process.toHandle());
        this.stderr = new StderrPipe(process.getErrorStream(), process::isAlive);
        this.stderrReader = daemon(() -> readLines(stderr, Direction.STDERR), "couchtck-stderr-" + pid);
        this.stdoutLogReader = stdoutRole == Stdout.LOG
                ? Optional.of(daemon(() -> readLines(process.getInputStream(), Direction.STDOUT),
                        "couchtck-stdout-log-" + pid))
                : Optional.empty();
        this.shutdownHook = new Thread(() -> ProcessTree.kill(process.toHandle(), List.of(), SHUTDOWN_KILL_WAIT),
                "couchtck-kill-" + pid);
    }

    /**
     * Starts {@code command} in {@code workingDirectory} with {@code environment} added to the kit's own, its output
     * going to {@code output} from the start.
     *
     * @param role what the process is to the kit, for the message of a failed start ("the server")
     *
     * @throws TargetStartException when the process cannot be started (a missing or non-executable program, a missing
     *     working directory)
     */
    public static SupervisedProcess start(String role, ServerCommand command, Map<String, String> environment,
            Path workingDirectory, Stdout stdoutRole, OutputLines output) throws TargetStartException {
        Objects.requireNonNull(output, "output");
        ProcessBuilder builder = new ProcessBuilder(command.argv()).directory(workingDirectory.toFile());
        builder.environment().putAll(environment);
        Process started;
        try {
            started = builder.start();
        } catch (IOException e) {
            throw new TargetStartException("cannot start " + role + " `" + command.display() + "`: " + oneLine(e.getMessage()), e);
        }
        SupervisedProcess supervised = new SupervisedProcess(started, command, stdoutRole, output);
        try {
            Runtime.getRuntime().addShutdownHook(supervised.shutdownHook);
        } catch (IllegalStateException stopping) {
            // The JVM is stopping (Ctrl-C, SIGTERM) while a supervisor restarts what the stop just killed: a process
            // started now has no hook left to kill it and would outlive the kit.
            ProcessTree.kill(started.toHandle(), List.of(), SHUTDOWN_KILL_WAIT);
            throw new TargetStartException("the kit is stopping, so " + role + " was not started again", stopping);
        }
        long pid = started.pid();
        output.line(Direction.EVENT, "started `" + command.display() + "` as process " + pid);
        started.onExit().thenAccept(p -> supervised.output.line(Direction.EVENT, "process " + pid
                + " exited with status " + p.exitValue()));
        supervised.stderrReader.start();
        supervised.stdoutLogReader.ifPresent(Thread::start);
        return supervised;
    }

    /** Sends every later line and event to {@code next}. */
    public void setOutput(OutputLines next) {
        output = Objects.requireNonNull(next, "next");
    }

    /**
     * Waits, at most {@code bound}, until everything the process wrote to standard error before this call has been
     * read and told: a line written just before a reply belongs with the exchange that provoked it.
     */
    public void awaitStderrRead(Duration bound) {
        if (stderrReader.isAlive()) {
            stderr.awaitRead(bound);
        }
    }

    /** The process's standard input, for the layer above. */
    public OutputStream stdin() {
        return process.getOutputStream();
    }

    /** The process's standard output, for the layer above of a {@link Stdout#PROTOCOL} process. */
    public InputStream stdout() {
        return process.getInputStream();
    }

    /** Completes when the process has exited, however. */
    public CompletableFuture<Process> onExit() {
        return process.onExit();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The exit status once the process has exited (killed included: signal N reports 128 + N). */
    public OptionalInt exitCode() {
        return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
    }

    /**
     * Waits up to {@code timeout} for the process to exit on its own; its status, or empty if it is still running or
     * the kit killed it.
     */
    public OptionalInt awaitExit(Duration timeout) {
        if (killedByKit) {
            return OptionalInt.empty();
        }
        try {
            if (process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS) && !killedByKit) {
                return OptionalInt.of(process.exitValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return OptionalInt.empty();
    }

    /** Waits up to {@code timeout} for the process to end, however; its status, or empty while it runs. */
    public OptionalInt awaitEnd(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS) ? OptionalInt.of(process.exitValue())
                : OptionalInt.empty();
    }

    /** Whether the kit killed the process: such a process never counts as having exited on its own. */
    public boolean killedByKit() {
        return killedByKit;
    }

    public long pid() {
        return process.pid();
    }

    public ServerCommand command() {
        return command;
    }

    /**
     * The last few kilobytes the process wrote to standard error (read on its own thread: a line written a moment ago
     * may not be in yet; after {@link #close()} the tail is complete).
     */
    public String stderrTail() {
        return stderrTail.tail();
    }

    /**
     * Kills the process, its descendants and whatever holds its output open, telling {@code reason}; from then on it
     * never counts as having exited on its own.
     */
    public void kill(String reason) {
        killedByKit = true;
        output.line(Direction.EVENT, reason + "; killing process " + process.pid() + " and its descendants");
        ProcessTree.kill(process.toHandle(), List.of(), KILL_WAIT);
        killOutputHolders();
    }

    /**
     * Kills, as {@link #kill}, without a word: for the watchdog of a layer above that already said why. Marks the
     * process as killed by the kit.
     */
    void killQuietly() {
        killedByKit = true;
        ProcessTree.kill(process.toHandle(), List.of(), KILL_WAIT);
        killOutputHolders();
    }

    /**
     * Kills the processes the process left behind that still hold its output open: once it exited they are no longer
     * its descendants, and nothing else would end them.
     */
    void killOutputHolders() {
        List<ProcessHandle> holders = stdoutPipe.map(PipeHolders::find).orElse(List.of());
        if (holders.isEmpty()) {
            return;
        }
        output.line(Direction.EVENT, "process " + process.pid() + "'s output is still held open by "
                + holders.stream().map(h -> "process " + h.pid()).toList() + "; killing them");
        holders.forEach(holder -> ProcessTree.kill(holder, List.of(), KILL_WAIT));
    }

    /**
     * Stops the process: {@code askToStop} (closing its input, or a SIGTERM) gives it {@code grace} to end, then
     * whatever is left of its process tree is killed, and the output readers are joined. Safe to call more than once.
     */
    public void stop(Runnable askToStop, Duration grace) {
        if (closed) {
            return;
        }
        closed = true;
        // Taken before the graceful stop: a grandchild orphaned by its parent's exit can no longer be found.
        List<ProcessHandle> descendants = ProcessTree.descendantsOf(process.toHandle());
        // A process that exited first may have left processes behind, which only the pipe they hold leads to.
        boolean mayHaveOrphans = !process.isAlive() || !descendants.isEmpty();
        askToStop.run();
        try {
            process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (process.isAlive()) {
            killedByKit = true;
        }
        ProcessTree.kill(process.toHandle(), descendants, KILL_WAIT);
        removeShutdownHook();
        if (mayHaveOrphans) {
            killOutputHolders();
        }
        join(stderrReader);
        stdoutLogReader.ifPresent(SupervisedProcess::join);
    }

    /** Asks the process to end (SIGTERM where there are signals), without waiting. */
    public void terminate() {
        process.destroy();
    }

    /** {@link #stop} by a SIGTERM with 5 s to end. */
    @Override
    public void close() {
        stop(this::terminate, Duration.ofSeconds(5));
    }

    private void removeShutdownHook() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down: the hook runs, and finds the tree gone.
        }
    }

    private void readLines(InputStream stream, Direction direction) {
        BoundedLineReader reader = new BoundedLineReader(stream, OUTPUT_LINE_BYTES);
        try {
            Optional<Line> next;
            while ((next = reader.readLine()).isPresent()) {
                Line line = next.get();
                String text = line.truncated() ? line.text() + " …[line of " + line.byteLength() + " bytes]"
                        : line.text();
                output.line(direction, text);
                if (direction == Direction.STDERR) {
                    stderrTail.appendLine(text);
                }
            }
        } catch (IOException e) {
            // The process is gone or was killed; whatever it wrote before is told.
        }
    }

    /** A daemon thread named {@code name}, not started: the kit's threads around a process never keep a JVM up. */
    static Thread daemon(Runnable body, String name) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        return thread;
    }

    /** Waits a bounded while for {@code thread} to end: one stuck in a read of a killed process is left behind. */
    static void join(Thread thread) {
        try {
            thread.join(THREAD_JOIN.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static String oneLine(String message) {
        return message == null ? "unknown error" : message.replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
