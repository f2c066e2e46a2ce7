package org.couchtck.kit.process;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.couchtck.kit.process.OutputQueue.End;
import org.couchtck.kit.process.OutputQueue.Item;
import org.couchtck.kit.process.OutputQueue.Overflow;
import org.couchtck.kit.process.OutputQueue.Received;
import org.couchtck.kit.wire.BoundedLineReader;
import org.couchtck.kit.wire.BoundedLineReader.Line;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.WireJson;

/**
 * A query server process the kit talks to over standard input and output, one line at a time, as CouchDB's
 * {@code couch_os_process} does: write a request line, skip {@code ["log", msg]} lines, take the next line as the
 * reply. A server that misses its timeout, floods a line past the cap, or stops reading is killed with its whole
 * process tree, since what it prints next could not be trusted; starting again is the caller's job (a new instance).
 *
 * <p>Unlike CouchDB, which restarts its timeout for every line read (log lines included), the timeout here bounds
 * the whole exchange, so a server that logs slowly forever cannot stall a run.
 *
 * <p>Standard error is read on its own daemon thread; standard output by the waiting thread while a reply comes fast
 * and by a daemon thread otherwise ({@link StdoutReader}), so no call blocks past its timeout whatever the server
 * does, even when a process it left behind holds its output open (such a process is found through the pipe and
 * killed with the tree). Every line in either direction goes to the current {@link Transcript}. Exchanges are meant to
 * be made by one thread at a time; {@link #close()} may be called from any thread.
 */
public final class StdioServer implements AutoCloseable {

    /** How long an exit that follows the end of output may take, even when the caller's deadline has passed. */
    private static final Duration EXIT_GRACE = Duration.ofMillis(250);
    private static final Duration CLOSE_GRACE = Duration.ofMillis(500);
    /**
     * The longest a transcript hand-over waits for standard error the server wrote before it to be read: only as
     * long as the reader needs for the bytes already in the pipe, so a generous bound costs nothing when all is well.
     */
    static final Duration STDERR_SETTLE = Duration.ofSeconds(5);

    private final ServerCommand command;
    private final StdioServerOptions options;
    private final OutputQueue output;
    private final Object exchangeLock = new Object();
    private volatile Transcript transcript = new Transcript();
    private volatile SupervisedProcess process;
    private volatile boolean closed;
    private OutputStream stdin;
    private volatile boolean inputClosed;
    private volatile boolean replied;
    private ExecutorService writer;
    // An exchange writes its request on its own thread (a hand-over to another thread costs more than the exchange);
    // the watchdog kills a server whose pipe stays full past the write's deadline, which ends the stuck write, and
    // ends a read on the exchanging thread that outlives its deadline the same way.
    private volatile boolean writing;
    private volatile long writeDeadline;
    private volatile boolean writeTimedOut;
    private Thread watchdog;
    private Thread stdoutReader;
    private StdoutReader stdout;

    /** A server that will run {@code command}; nothing starts before {@link #start()}. */
    public StdioServer(ServerCommand command, StdioServerOptions options) {
        this.command = Objects.requireNonNull(command, "command");
        this.options = Objects.requireNonNull(options, "options");
        // Room for one line at the cap plus some small ones: enough to never stall a well-behaved server.
        this.output = new OutputQueue(2L * options.maxLineBytes() + 1024 * 1024);
    }

    /**
     * Starts the process and its reader threads.
     *
     * @throws TargetStartException when the process cannot be started (missing or non-executable program, missing
     *     working directory)
     * @throws IllegalStateException when already started or closed
     */
    public void start() throws TargetStartException {
        synchronized (exchangeLock) {
            if (process != null || closed) {
                throw new IllegalStateException("a StdioServer starts once; create a new one to restart");
            }
            SupervisedProcess started = SupervisedProcess.start("the server", command, options.environment(),
                    options.workingDirectory(), SupervisedProcess.Stdout.PROTOCOL,
                    (direction, text) -> transcript.add(direction, text));
            long pid = started.pid();
            stdin = started.stdin();
            writer = Executors.newSingleThreadExecutor(runnable -> SupervisedProcess.daemon(runnable,
                    "couchtck-stdin-" + pid));
            stdout = new StdoutReader(started.stdout(), options.maxLineBytes(), output, started::isAlive,
                    () -> transcript);
            stdoutReader = SupervisedProcess.daemon(stdout::run, "couchtck-stdout-" + pid);
            process = started;
            watchdog = SupervisedProcess.daemon(() -> watch(started), "couchtck-watchdog-" + pid);
            stdoutReader.start();
            watchdog.start();
        }
    }

    private static final Duration WATCH_EVERY = Duration.ofMillis(20);

    // Looks at the write and the read in progress now and then, not at each one: an exchange wakes no other thread.
    // Watches on after the exit too: a process the server left behind may hold its pipes.
    private void watch(SupervisedProcess running) {
        try {
            while (!closed) {
                Thread.sleep(WATCH_EVERY.toMillis());
                long now = System.nanoTime();
                if (writing && now - writeDeadline > 0) {
                    writeTimedOut = true;
                    running.killQuietly();
                    return;
                }
                if (stdout.stuckPast(now)) {
                    // Only a read racing the server's exit can block there; once nothing holds the pipe it ends.
                    transcript.add(Direction.EVENT, "a read of the server's output outlived its deadline; killing"
                            + " process " + running.pid() + ", its descendants and whatever holds its output");
                    running.killQuietly();
                    return;
                }
            }
        } catch (InterruptedException e) {
            // Closing.
        }
    }

    /**
     * Sends {@code line} and waits up to {@code timeout} for the reply. Never throws for anything the server does:
     * silence, a crash, a flood or a closed pipe are outcomes of the returned exchange.
     *
     * @param line the request, without its newline; sent verbatim as UTF-8
     * @throws IllegalStateException when the server was never started
     */
    public Exchange exchange(String line, Duration timeout) {
        Objects.requireNonNull(line, "line");
        synchronized (exchangeLock) {
            SupervisedProcess running = requireStarted();
            Transcript record = transcript;
            record.add(Direction.SENT, line);
            if (!replied && options.startTimeout().compareTo(timeout) > 0) {
                record.add(Direction.EVENT, "first reply of a new process: waiting up to "
                        + options.startTimeout().toMillis() + " ms (start-up grace)");
                timeout = options.startTimeout();
            }
            long started = System.nanoTime();
            long deadline = started + timeout.toNanos();
            try {
                Optional<Exchange> writeFailure = write(line, started, deadline, timeout, record);
                if (writeFailure.isPresent()) {
                    return writeFailure.get();
                }
                return awaitReply(running, started, deadline, timeout, record);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                killTree("interrupted while waiting for a reply", record);
                return new Exchange(List.of(), Optional.empty(), Exchange.Outcome.TIMEOUT, OptionalInt.empty(),
                        List.of(), since(started), "interrupted while waiting for a reply");
            }
        }
    }

    /** {@link #exchange(String, Duration)} with the options' default timeout. */
    public Exchange exchange(String line) {
        return exchange(line, options.defaultTimeout());
    }

    /**
     * Sends all {@code lines} without waiting for replies in between, while collecting the replies as they come: the
     * fastest a server can be driven, for measuring throughput. {@code timeout} bounds the wait for each next reply,
     * not the whole pipeline. A server that falls silent, floods or dies ends the pipeline as an exchange would.
     *
     * @throws IllegalStateException when the server was never started
     */
    public PipelineResult pipeline(List<String> lines, Duration timeout) {
        List<String> requests = List.copyOf(lines);
        synchronized (exchangeLock) {
            SupervisedProcess running = requireStarted();
            long started = System.nanoTime();
            Transcript record = transcript;
            List<String> replies = new ArrayList<>();
            List<String> logs = new ArrayList<>();
            if (inputClosed) {
                return new PipelineResult(replies, logs, Exchange.Outcome.WRITE_FAILED, exitCode(), since(started),
                        "could not write the requests: the server's input was already closed");
            }
            Future<?> written = writer.submit(() -> {
                for (String line : requests) {
                    record.add(Direction.SENT, line);
                    stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                }
                stdin.flush();
                return null;
            });
            try {
                while (replies.size() < requests.size()) {
                    Item item = stdout.next(System.nanoTime() + timeout.toNanos());
                    if (item == null) {
                        String detail = "no reply within " + timeout.toMillis() + " ms after " + replies.size()
                                + " of " + requests.size() + " replies";
                        killTree(detail, record);
                        return new PipelineResult(replies, logs, Exchange.Outcome.TIMEOUT, OptionalInt.empty(),
                                since(started), detail);
                    }
                    if (item instanceof Received received) {
                        String text = received.line().text();
                        Optional<String> log = WireJson.logMessage(text);
                        if (log.isPresent()) {
                            logs.add(log.get());
                        } else if (received.line().terminated()) {
                            replies.add(text);
                        }
                    } else if (item instanceof Overflow) {
                        String detail = "reply line " + (replies.size() + 1) + " longer than " + options.maxLineBytes()
                                + " bytes";
                        killTree(detail, record);
                        return new PipelineResult(replies, logs, Exchange.Outcome.LINE_TOO_LONG, OptionalInt.empty(),
                                since(started), detail);
                    } else {
                        OptionalInt status = waitForExit(running, System.nanoTime() + timeout.toNanos());
                        String detail = "server output ended after " + replies.size() + " of " + requests.size()
                                + " replies" + (status.isPresent() ? ", exit status " + status.getAsInt()
                                        : ", without an exit");
                        if (status.isEmpty()) {
                            killTree(detail, record);
                        } else {
                            awaitStderrRead();
                        }
                        return new PipelineResult(replies, logs, Exchange.Outcome.EOF, status, since(started),
                                detail);
                    }
                }
                Duration elapsed = since(started);
                // Every reply came, so every request was read: the write is done or finishing.
                written.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
                return new PipelineResult(replies, logs, Exchange.Outcome.REPLY, exitCode(), elapsed,
                        requests.size() + " replies");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                killTree("interrupted while waiting for replies", record);
                return new PipelineResult(replies, logs, Exchange.Outcome.TIMEOUT, OptionalInt.empty(),
                        since(started), "interrupted while waiting for replies");
            } catch (ExecutionException | TimeoutException e) {
                String detail = "writing the requests failed after all replies came: " + e;
                killTree(detail, record);
                return new PipelineResult(replies, logs, Exchange.Outcome.WRITE_FAILED, OptionalInt.empty(),
                        since(started), detail);
            }
        }
    }

    /**
     * Writes {@code line} and its newline and returns without waiting for anything back: for protocols where the
     * server speaks first and the kit answers (an OS daemon's requests). A write still blocked after {@code timeout}
     * (the server does not read its input) kills the process tree.
     *
     * @return whether the line was written
     * @throws IllegalStateException when the server was never started
     */
    public boolean send(String line, Duration timeout) {
        Objects.requireNonNull(line, "line");
        synchronized (exchangeLock) {
            requireStarted();
            Transcript record = transcript;
            record.add(Direction.SENT, line);
            long started = System.nanoTime();
            try {
                return write(line, started, started + timeout.toNanos(), timeout, record).isEmpty();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /**
     * The next thing the server writes to standard output, waiting up to {@code timeout}: a line (log lines
     * included, each as it came), a line past the cap, the end of output, or nothing. Nothing is killed here, whatever
     * came; a line too long is dropped by the reader, which reads on.
     *
     * @throws IllegalStateException when the server was never started
     */
    public ServerOutput receive(Duration timeout) {
        synchronized (exchangeLock) {
            requireStarted();
            try {
                Item item = stdout.next(System.nanoTime() + timeout.toNanos());
                if (item == null) {
                    return new ServerOutput.Silent();
                }
                if (item instanceof Received received) {
                    return new ServerOutput.Received(received.line());
                }
                if (item instanceof Overflow overflow) {
                    return new ServerOutput.TooLong(overflow.bytesSoFar());
                }
                return new ServerOutput.Ended();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new ServerOutput.Silent();
            }
        }
    }

    /**
     * Closes the server's standard input, as CouchDB's going away does, and returns at once: what the server does next
     * (its last lines, its exit) is for {@link #receive} and {@link #awaitExit} to see.
     *
     * @throws IllegalStateException when the server was never started
     */
    public void closeStdin() {
        synchronized (exchangeLock) {
            requireStarted();
            closeStdin(transcript);
        }
    }

    /**
     * Closes the server's standard input, as CouchDB does to stop a server, and waits up to {@code awaitExit} for it to
     * exit. Lines printed meanwhile are collected: log messages in {@code logs}, anything else in {@code trailing}. An
     * exit is outcome {@code EOF} with its status; a server still running at the deadline is killed with its tree
     * ({@code TIMEOUT}).
     */
    public Exchange closeInput(Duration awaitExit) {
        synchronized (exchangeLock) {
            SupervisedProcess running = requireStarted();
            long started = System.nanoTime();
            long deadline = started + awaitExit.toNanos();
            Transcript record = transcript;
            closeStdin(record);
            List<String> logs = new ArrayList<>();
            List<String> trailing = new ArrayList<>();
            try {
                Item item;
                while ((item = stdout.next(deadline)) != null && !(item instanceof End)) {
                    if (item instanceof Received received) {
                        String text = received.line().text();
                        WireJson.logMessage(text).ifPresentOrElse(logs::add, () -> trailing.add(text));
                    }
                }
                OptionalInt status = waitForExit(running, deadline);
                if (status.isPresent()) {
                    awaitStderrRead();
                    return new Exchange(logs, Optional.empty(), Exchange.Outcome.EOF, status, trailing,
                            since(started), "server exited with status " + status.getAsInt()
                                    + " after its input was closed");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            String detail = "server did not exit within " + awaitExit.toMillis() + " ms of its input being closed";
            killTree(detail, record);
            return new Exchange(logs, Optional.empty(), Exchange.Outcome.TIMEOUT, OptionalInt.empty(), trailing,
                    since(started), detail);
        }
    }

    /**
     * Waits up to {@code timeout} for the process to exit on its own; its status, or empty if it is still running or
     * the kit killed it.
     */
    public OptionalInt awaitExit(Duration timeout) {
        return requireStarted().awaitExit(timeout);
    }

    /**
     * Whether the kit killed the process (a missed timeout, a flood, a server that would not exit): such a process
     * never counts as having exited on its own.
     */
    public boolean killedByKit() {
        SupervisedProcess running = process;
        return running != null && running.killedByKit();
    }

    /** Whether the process has sent at least one reply line since it started. */
    public boolean hasReplied() {
        return replied;
    }

    /** Whether the process was started and is still running. */
    public boolean isAlive() {
        SupervisedProcess running = process;
        return running != null && running.isAlive();
    }

    /** The exit status, once the process has exited (killed included: signal N reports 128 + N). */
    public OptionalInt exitCode() {
        SupervisedProcess running = process;
        return running == null ? OptionalInt.empty() : running.exitCode();
    }

    /** The process id, once started. */
    public OptionalLong pid() {
        SupervisedProcess running = process;
        return running == null ? OptionalLong.empty() : OptionalLong.of(running.pid());
    }

    /** The command this server runs. */
    public ServerCommand command() {
        return command;
    }

    /**
     * Sends every later SENT, RECEIVED, STDERR and EVENT line to {@code next}; the executor swaps it per case. What
     * the server wrote to standard error before this call (and the kit has yet to read) still goes to the
     * transcript before: it belongs to the exchanges recorded there. The wait for it is bounded by
     * {@link #STDERR_SETTLE}.
     */
    public void setTranscript(Transcript next) {
        Objects.requireNonNull(next, "transcript");
        awaitStderrRead();
        transcript = next;
    }

    private void awaitStderrRead() {
        SupervisedProcess running = process;
        if (running != null) {
            running.awaitStderrRead(STDERR_SETTLE);
        }
    }

    /**
     * The last few kilobytes the server wrote to standard error. Standard error is read on its own thread, so a line
     * written just before a reply may show up a moment after it; after {@link #close()} the tail is complete.
     */
    public String stderrTail() {
        SupervisedProcess running = process;
        return running == null ? "" : running.stderrTail();
    }

    /**
     * Stops the server: closes its standard input, gives it a moment to exit, then kills whatever is left of its
     * process tree and joins the reader threads. Safe to call more than once, and on a server never started.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        SupervisedProcess running = process;
        if (running == null) {
            return;
        }
        running.stop(this::closeStdinQuietly, CLOSE_GRACE);
        output.discard();
        stdout.stop();
        writer.shutdownNow();
        watchdog.interrupt();
        SupervisedProcess.join(stdoutReader);
        SupervisedProcess.join(watchdog);
    }

    private Optional<Exchange> write(String line, long started, long deadline, Duration timeout, Transcript record)
            throws InterruptedException {
        if (inputClosed) {
            record.add(Direction.EVENT, "not sent: the server's standard input is closed");
            return Optional.of(new Exchange(List.of(), Optional.empty(), Exchange.Outcome.WRITE_FAILED, exitCode(),
                    List.of(), since(started), "could not write the request: the server's input was already closed"));
        }
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        writeDeadline = deadline;
        writing = true;
        try {
            stdin.write(bytes);
            stdin.flush();
            return Optional.empty();
        } catch (IOException e) {
            if (writeTimedOut) {
                // The watchdog killed the server: its pipe stayed full until the deadline.
                String detail = "could not write the request within " + timeout.toMillis()
                        + " ms: the server is not reading its input";
                killTree(detail, record);
                return Optional.of(new Exchange(List.of(), Optional.empty(), Exchange.Outcome.TIMEOUT,
                        OptionalInt.empty(), List.of(), since(started), detail));
            }
            String reason = oneLine(String.valueOf(e.getMessage()));
            record.add(Direction.EVENT, "write failed: " + reason);
            OptionalInt status = waitForExit(requireStarted(), deadline);
            return Optional.of(new Exchange(List.of(), Optional.empty(), Exchange.Outcome.WRITE_FAILED, status,
                    List.of(), since(started), status.isPresent()
                            ? "could not write the request: the server had exited with status " + status.getAsInt()
                            : "could not write the request: " + reason));
        } finally {
            writing = false;
        }
    }

    private Exchange awaitReply(SupervisedProcess running, long started, long deadline, Duration timeout, Transcript record)
            throws InterruptedException {
        List<String> logs = new ArrayList<>();
        List<String> trailing = new ArrayList<>();
        while (true) {
            Item item = stdout.next(deadline);
            if (item == null) {
                String detail = "no reply within " + timeout.toMillis() + " ms";
                killTree(detail, record);
                return new Exchange(logs, Optional.empty(), Exchange.Outcome.TIMEOUT, OptionalInt.empty(), trailing,
                        since(started), detail);
            }
            if (item instanceof Received received) {
                Line line = received.line();
                if (!line.terminated()) {
                    // CouchDB only takes complete lines; a fragment before the end of output is not a reply.
                    trailing.add(line.text());
                    continue;
                }
                Optional<String> log = WireJson.logMessage(line.text());
                if (log.isPresent()) {
                    logs.add(log.get());
                    continue;
                }
                Duration elapsed = since(started);
                replied = true;
                return new Exchange(logs, Optional.of(line.text()), Exchange.Outcome.REPLY, exitCode(), trailing,
                        elapsed, "replied after " + elapsed.toMillis() + " ms");
            }
            if (item instanceof Overflow overflow) {
                String detail = "reply line longer than " + options.maxLineBytes() + " bytes (" + overflow.bytesSoFar()
                        + " bytes read without a newline)";
                killTree(detail, record);
                return new Exchange(logs, Optional.empty(), Exchange.Outcome.LINE_TOO_LONG, OptionalInt.empty(),
                        trailing, since(started), detail);
            }
            OptionalInt status = waitForExit(running, deadline);
            if (status.isEmpty()) {
                String detail = "server closed its output without replying, and did not exit";
                killTree(detail, record);
                return new Exchange(logs, Optional.empty(), Exchange.Outcome.EOF, OptionalInt.empty(), trailing,
                        since(started), detail);
            }
            // what it wrote to standard error on its way out (a stack trace) explains the exit: it goes with it
            awaitStderrRead();
            return new Exchange(logs, Optional.empty(), Exchange.Outcome.EOF, status, trailing, since(started),
                    "server exited with status " + status.getAsInt() + " before replying");
        }
    }

    /** Waits for the exit until {@code deadline}, but at least {@link #EXIT_GRACE}: an exit follows its EOF closely. */
    private static OptionalInt waitForExit(SupervisedProcess running, long deadline) throws InterruptedException {
        return running.awaitEnd(Duration.ofNanos(Math.max(deadline - System.nanoTime(), EXIT_GRACE.toNanos())));
    }

    private void killTree(String reason, Transcript record) {
        SupervisedProcess running = process;
        record.add(Direction.EVENT, reason + "; killing process " + running.pid() + " and its descendants");
        running.killQuietly();
        inputClosed = true;
    }

    private void closeStdin(Transcript record) {
        if (!inputClosed) {
            closeStdinQuietly();
            record.add(Direction.EVENT, "closed the server's standard input");
        }
    }

    private void closeStdinQuietly() {
        inputClosed = true;
        OutputStream in = stdin;
        if (in == null) {
            return;
        }
        // On the writer thread when possible, so a close never races a write in progress.
        Future<?> closing = writer.submit(() -> {
            in.close();
            return null;
        });
        try {
            closing.get(CLOSE_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // A write is stuck or the pipe is already broken: the kill that follows settles it.
        }
    }

    private SupervisedProcess requireStarted() {
        SupervisedProcess running = process;
        if (running == null) {
            throw new IllegalStateException("the server was not started");
        }
        return running;
    }

    private static Duration since(long startedNanos) {
        return Duration.ofNanos(System.nanoTime() - startedNanos);
    }

    private static String oneLine(String message) {
        return SupervisedProcess.oneLine(message);
    }
}
