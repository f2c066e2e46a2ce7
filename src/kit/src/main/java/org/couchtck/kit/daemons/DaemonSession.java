package org.couchtck.kit.daemons;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.couchtck.kit.daemons.SessionRecord.EndOfInput;
import org.couchtck.kit.daemons.SessionRecord.Exit;
import org.couchtck.kit.daemons.SessionRecord.LongLine;
import org.couchtck.kit.daemons.SessionRecord.PortGrant;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.process.ServerOutput;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.process.StdioServerOptions;
import org.couchtck.kit.process.TargetStartException;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;

/**
 * One session in which the kit plays CouchDB 2.2.0's daemon manager ({@code couch_os_daemons}) towards an OS daemon:
 * it starts the daemon, answers its get requests from the session's configuration, starts it again when it exits
 * (until CouchDB's rule would halt it), watches it for the session's window, probes the port it gave it, then closes
 * the daemon's standard input and waits for it to exit, killing its process tree when it does not.
 *
 * <p>A host thread does all the talking to the processes; the thread that runs the session waits for the window and
 * probes the port meanwhile, so that a daemon that asks more while it starts serving is still answered.
 */
final class DaemonSession {

    private static final Duration POLL = Duration.ofMillis(50);
    private static final Duration WRITE_TIMEOUT = Duration.ofSeconds(5);
    /** How long an exit may lag behind the end of a daemon's output. */
    private static final Duration EXIT_LAG = Duration.ofSeconds(1);
    private static final Duration JOIN_MARGIN = Duration.ofSeconds(10);

    private final ServerCommand command;
    private final DaemonConfig config;
    private final Duration replyDelay;
    private final DaemonSettings settings;
    private final StdioServerOptions options;
    private final HaltingRule halting;
    private final boolean probesPort;
    private final Transcript transcript = new Transcript();

    // Written by the host thread, read by the session's thread: guarded by this.
    private final List<DaemonLine> lines = new ArrayList<>();
    private final List<LongLine> tooLong = new ArrayList<>();
    private final List<Exit> exits = new ArrayList<>();
    private final List<String> overlapping = new ArrayList<>();
    private final List<String> portAskedOf = new ArrayList<>();
    private PortGrant port;
    private long portGrantedNanos;
    private long firstLineNanos;
    private boolean sawLine;
    private long firstExitNanos;
    private boolean halted;
    private boolean endRequested;
    private EndOfInput end;

    // The host thread's own.
    private StdioServer current;
    private int life;
    private long lifeStartedNanos;

    /**
     * @param config what the daemon's gets are answered from
     * @param halting CouchDB's rule for a daemon that keeps exiting
     * @param probesPort whether the session probes the port it gave for HTTP (sessions judged by no HTTP check skip
     *     the probe, which waits up to {@link DaemonSettings#portWithin()} for a daemon that does not serve)
     */
    DaemonSession(ServerCommand command, DaemonConfig config, Duration replyDelay, DaemonSettings settings,
            HaltingRule halting, boolean probesPort) {
        this.probesPort = probesPort;
        this.command = command;
        this.config = config;
        this.replyDelay = replyDelay;
        this.settings = settings;
        this.halting = halting;
        this.options = StdioServerOptions.defaults().withMaxLineBytes(settings.maxLineBytes());
    }

    /** Runs the session to its end and returns what happened. Never throws for what the daemon does. */
    SessionRecord run() throws InterruptedException {
        transcript.add(Direction.EVENT, "playing CouchDB's daemon manager; the configuration:\n" + config);
        long started = System.nanoTime();
        try {
            current = startLife();
        } catch (TargetStartException e) {
            transcript.add(Direction.EVENT, e.getMessage());
            return SessionRecord.notStarted(e.getMessage(), transcript.entries(), halting.maxRetries(),
                    halting.retryTime());
        }
        Thread host = new Thread(this::host, "couchtck-daemon-host-" + current.pid().orElse(0));
        host.setDaemon(true);
        host.start();
        Optional<HttpProbe.Result> http = Optional.empty();
        try {
            awaitWindow(started);
            if (probesPort) {
                http = probePort();
            }
        } finally {
            synchronized (this) {
                endRequested = true;
                notifyAll();
            }
            host.join(settings.exitWithin().plus(JOIN_MARGIN).toMillis());
            if (host.isAlive()) {
                // The host is stuck: nothing it does is worth waiting for any more.
                host.interrupt();
                host.join(JOIN_MARGIN.toMillis());
            }
        }
        synchronized (this) {
            return new SessionRecord(Optional.empty(), lines, tooLong, exits, halted, overlapping,
                    Optional.ofNullable(port), portAskedOf, http, Optional.ofNullable(end), transcript.entries(),
                    halting.maxRetries(), halting.retryTime());
        }
    }

    /**
     * Waits for the daemon's first line (at most {@link DaemonSettings#firstLineWithin()}), then for the window after
     * it; when a process exited meanwhile, until CouchDB's rule has had its retry time to halt the daemon.
     */
    private synchronized void awaitWindow(long started) throws InterruptedException {
        long firstLineDeadline = started + settings.firstLineWithin().toNanos();
        while (!sawLine && !halted && waitUntil(firstLineDeadline)) {
            // woken by a line, an exit or the deadline
        }
        long windowEnd = sawLine ? firstLineNanos + settings.observe().toNanos() : firstLineDeadline;
        while (!halted && waitUntil(windowEnd)) {
            // watching
        }
        if (!exits.isEmpty()) {
            long retryEnd = firstExitNanos + halting.retryTime().toNanos();
            while (!halted && waitUntil(retryEnd)) {
                // giving the halting rule its time
            }
        }
    }

    /** Waits on this monitor until notified or {@code deadline}; false once the deadline has passed. */
    private boolean waitUntil(long deadline) throws InterruptedException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return false;
        }
        wait(Math.max(1, left / 1_000_000));
        return true;
    }

    private Optional<HttpProbe.Result> probePort() throws InterruptedException {
        PortGrant given;
        long grantedAt;
        synchronized (this) {
            given = port;
            grantedAt = portGrantedNanos;
        }
        if (given == null) {
            return Optional.empty();
        }
        HttpProbe.Result result = HttpProbe.probe(given.port(), grantedAt + settings.portWithin().toNanos());
        transcript.add(Direction.EVENT, "HTTP probe of 127.0.0.1:" + given.port() + ": " + result.detail());
        return Optional.of(result);
    }

    private StdioServer startLife() throws TargetStartException {
        StdioServer server = new StdioServer(command, options);
        server.setTranscript(transcript);
        lifeStartedNanos = System.nanoTime();
        server.start();
        return server;
    }

    /** A reply waiting for its time (the session's reply delay). */
    private record Pending(long due, String reply, String get) {}

    private void host() {
        Deque<Pending> pending = new ArrayDeque<>();
        boolean closed = false;
        boolean outputEnded = false;
        long closedAt = 0;
        try {
            while (current != null) {
                boolean ending;
                synchronized (this) {
                    ending = endRequested;
                }
                if (ending && !closed) {
                    current.closeStdin();
                    closed = true;
                    closedAt = System.nanoTime();
                    pending.clear();
                }
                long closeDeadline = closedAt + settings.exitWithin().toNanos();
                while (!closed && !pending.isEmpty() && pending.peek().due() - System.nanoTime() <= 0) {
                    current.send(pending.poll().reply(), WRITE_TIMEOUT);
                }
                if (outputEnded) {
                    // Nothing more to read: only the exit is awaited.
                    OptionalInt status = current.awaitExit(POLL);
                    if (status.isPresent() || !current.isAlive()) {
                        if (closed) {
                            finish(closedAt);
                            return;
                        }
                        outputEnded = false;
                        exited(status);
                        pending.clear();
                    } else if (closed && System.nanoTime() - closeDeadline >= 0) {
                        finish(closedAt);
                        return;
                    }
                    continue;
                }
                long wait = POLL.toNanos();
                if (closed) {
                    wait = Math.min(wait, closeDeadline - System.nanoTime());
                } else if (!pending.isEmpty()) {
                    wait = Math.min(wait, pending.peek().due() - System.nanoTime());
                }
                ServerOutput output = current.receive(Duration.ofNanos(Math.max(wait, 1_000_000)));
                if (output instanceof ServerOutput.Received received) {
                    read(received, closed, pending);
                } else if (output instanceof ServerOutput.TooLong long_) {
                    synchronized (this) {
                        tooLong.add(new LongLine(life, long_.bytesSoFar()));
                        noteLine();
                    }
                } else if (output instanceof ServerOutput.Ended
                        || (output instanceof ServerOutput.Silent && !current.isAlive())) {
                    OptionalInt status = current.awaitExit(EXIT_LAG);
                    if (status.isEmpty() && current.isAlive()) {
                        // Its output ended but it runs on: wait for its exit.
                        outputEnded = true;
                        continue;
                    }
                    if (closed) {
                        finish(closedAt);
                        return;
                    }
                    exited(status);
                    pending.clear();
                } else if (closed && System.nanoTime() - closeDeadline >= 0) {
                    finish(closedAt);
                    return;
                }
            }
        } catch (RuntimeException e) {
            transcript.add(Direction.EVENT, "the kit's daemon host failed: " + e);
        } finally {
            if (current != null) {
                current.close();
            }
        }
    }

    private void read(ServerOutput.Received received, boolean closed, Deque<Pending> pending) {
        var text = received.line();
        DaemonLine line = DaemonLine.classify(life, Instant.now(), text.text(), text.validUtf8(), text.terminated(),
                closed);
        String reply = null;
        synchronized (this) {
            lines.add(line);
            noteLine();
            if (!closed && line.isGet()) {
                if (!pending.isEmpty()) {
                    overlapping.add(line.text() + " came while the reply to " + pending.peekLast().get()
                            + " was still pending");
                }
                reply = answer(line);
            }
        }
        if (reply == null) {
            return;
        }
        if (replyDelay.isZero() && pending.isEmpty()) {
            current.send(reply, WRITE_TIMEOUT);
        } else {
            pending.add(new Pending(System.nanoTime() + replyDelay.toNanos(), reply, line.text()));
        }
    }

    /** Called with this held, for every line: the first one starts the window. */
    private void noteLine() {
        if (!sawLine) {
            sawLine = true;
            firstLineNanos = System.nanoTime();
            notifyAll();
        }
    }

    /** CouchDB's answer to an answerable get; notes a port it gives, or asks for in vain. Called with this held. */
    private String answer(DaemonLine get) {
        GetReplies.port(config, get).ifPresent(question -> question.value().ifPresentOrElse(
                value -> grant(question.section(), value), () -> portAskedOf.add(question.section())));
        return GetReplies.reply(config, get);
    }

    private void grant(String section, String value) {
        if (port != null) {
            return;
        }
        try {
            port = new PortGrant(section, Integer.parseInt(value.strip()), Instant.now());
            portGrantedNanos = System.nanoTime();
            transcript.add(Direction.EVENT, "gave the daemon port " + port.port() + " (from [" + section + "] port)");
        } catch (NumberFormatException e) {
            // Not a port the kit can probe: the configuration's business, not the daemon's.
        }
    }

    /**
     * The current process exited on its own: CouchDB's rule halts the daemon or starts it again (a start that fails is
     * another exit, as a port whose command cannot run exits at once).
     */
    private void exited(OptionalInt status) {
        while (true) {
            Instant now = Instant.now();
            Exit exit = new Exit(life, now, status.orElse(-1),
                    Duration.ofNanos(System.nanoTime() - lifeStartedNanos));
            boolean halt;
            synchronized (this) {
                if (exits.isEmpty()) {
                    firstExitNanos = System.nanoTime();
                }
                exits.add(exit);
                halt = halting.exitAt(now);
                halted = halt;
                notifyAll();
            }
            current.close();
            current = null;
            if (halt) {
                transcript.add(Direction.EVENT, "halted, as CouchDB halts a daemon that exited " + halting.maxRetries()
                        + " times within " + halting.retryTime().toSeconds() + " s");
                return;
            }
            transcript.add(Direction.EVENT, "the daemon exited on its own; starting it again, as CouchDB does");
            life++;
            try {
                current = startLife();
                return;
            } catch (TargetStartException e) {
                transcript.add(Direction.EVENT, e.getMessage());
                status = OptionalInt.empty();
            }
        }
    }

    /** The last process after its input was closed: its exit, or the kill when the bound passed. */
    private void finish(long closedAt) {
        long deadline = closedAt + settings.exitWithin().toNanos();
        OptionalInt status = current.awaitExit(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
        Duration took = Duration.ofNanos(System.nanoTime() - closedAt);
        EndOfInput result;
        if (status.isPresent()) {
            current.close();
            result = new EndOfInput(true, status, took, "exited with status " + status.getAsInt() + " "
                    + took.toMillis() + " ms after its standard input closed");
        } else {
            long descendants = current.pid().stream().mapToObj(ProcessHandle::of).flatMap(Optional::stream)
                    .flatMap(ProcessHandle::descendants).count();
            current.close();
            result = new EndOfInput(false, OptionalInt.empty(), took, "still running "
                    + settings.exitWithin().toMillis() + " ms after its standard input closed; the kit killed it"
                    + (descendants > 0 ? " and its " + descendants + " descendant process(es)" : ""));
        }
        transcript.add(Direction.EVENT, result.detail());
        synchronized (this) {
            end = result;
        }
        current = null;
    }
}
