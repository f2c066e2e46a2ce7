package org.couchtck.reference.daemons;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.couchtck.reference.log.CouchLog;
import org.couchtck.reference.time.Scheduler;

/**
 * CouchDB's OS-daemon host (couch_os_daemons, 2.2.0): one process per {@code [os_daemons]} entry {@code name =
 * command}, kept running while configured.
 *
 * <ul>
 *   <li>{@link #start()} starts every configured daemon;
 *   <li>a daemon that exits on its own is restarted at once, unless it has exited {@code [os_daemon_settings]
 *       max_retries} times (default 3) within {@code retry_time} seconds (default 5): then it is halted and stays
 *       down until {@code [os_daemons]} changes (any key of it);
 *   <li>a change of {@code [os_daemons]} stops the daemons whose name and command are no longer configured,
 *       forgets halted ones whose pair is gone, and starts every configured pair that does not run (a halted one
 *       whose pair is still configured starts afresh);
 *   <li>a change of a section or key a daemon registered restarts it: it is stopped, and once it has exited a new
 *       process of it starts (keeping its registrations and its recent exits);
 *   <li>stopping a daemon closes its standard input (its sign to exit) and kills its whole process tree if it is
 *       still there after the stop grace.
 * </ul>
 *
 * <p>Where CouchDB could run two processes of one name, there is one here, started once the other has gone:
 * CouchDB started a changed command, or a name configured again, beside the process being stopped (which its kill
 * -9 ended at once); it also started a second process for a daemon that registered {@code [os_daemons]} and was
 * restarting, left a halted daemon's record beside the fresh one (which later crashed the host when that pair was
 * removed), and marked a halted or stopping daemon as restarting when a registered key changed. Here a stopping
 * daemon stays stopping, a halted one stays halted, and a daemon restarting when its pair is removed stops.
 *
 * <p>Like a gen_server, the host handles one event at a time (under its lock): lines and exits from processes,
 * configuration changes, timers on its {@link Scheduler}. Replies to a daemon are written by its own process
 * adapter, so a daemon that does not read its input holds up no other.
 */
public final class DaemonHost implements AutoCloseable {

    /** The section that lists the daemons. */
    public static final String SECTION = "os_daemons";
    /** How long a stopped daemon has to exit by itself before its process tree is killed, unless told otherwise. */
    public static final Duration DEFAULT_STOP_GRACE = Duration.ofSeconds(5);
    /** The exit status a command no process could be started for counts as, a shell's "command not found". */
    static final int NOT_STARTED_STATUS = 127;
    private static final Duration KILL_WAIT = Duration.ofSeconds(10);

    private final Scheduler scheduler;
    private final DaemonConfig config;
    private final DaemonLauncher launcher;
    private final CouchLog log;
    private final long stopGraceMillis;
    private final DaemonProtocol protocol;
    private final Object lock = new Object();
    private final Map<String, Daemon> daemons = new TreeMap<>();
    private boolean started;
    private boolean closed;

    /**
     * A host that starts nothing until {@link #start()}.
     *
     * @param scheduler its clock (exit times) and timers (the stop grace)
     * @param config the live configuration, read at each decision and request
     * @param launcher starts the daemons' processes
     * @param log where couch_os_daemons' messages and the daemons' log requests go
     * @param stopGrace how long a stopped daemon may take to exit after its input closed before it is killed
     */
    public DaemonHost(Scheduler scheduler, DaemonConfig config, DaemonLauncher launcher, CouchLog log,
            Duration stopGrace) {
        if (stopGrace.isNegative()) {
            throw new IllegalArgumentException("a stop grace is not negative: " + stopGrace);
        }
        this.scheduler = scheduler;
        this.config = config;
        this.launcher = launcher;
        this.log = log;
        this.stopGraceMillis = stopGrace.toMillis();
        this.protocol = new DaemonProtocol(config, log);
    }

    /** Starts every daemon {@code [os_daemons]} lists; no effect after the first call or once closed. */
    public void start() {
        synchronized (lock) {
            if (closed || started) {
                return;
            }
            started = true;
            reload();
        }
    }

    /**
     * The configuration changed at {@code [section] key} (a value set, changed or deleted): daemons that registered
     * it restart, and a change of {@code [os_daemons]} starts and stops daemons. Ignored before {@link #start()}.
     */
    public void configChanged(String section, String key) {
        synchronized (lock) {
            if (closed || !started) {
                return;
            }
            restartRegistered(section, key);
            if (SECTION.equals(section)) {
                reload();
            }
        }
    }

    /** Every daemon the host knows now, by name. */
    public List<DaemonInfo> daemons() {
        synchronized (lock) {
            return daemons.values().stream().map(Daemon::info).toList();
        }
    }

    /** The daemon named {@code name} now. */
    public Optional<DaemonInfo> daemon(String name) {
        synchronized (lock) {
            return Optional.ofNullable(daemons.get(name)).map(Daemon::info);
        }
    }

    /**
     * Stops every daemon, as a node going down does: their inputs close, they get the stop grace to exit, then
     * their process trees are killed. Returns when they are gone (or could not be killed within a bound).
     */
    @Override
    public void close() {
        List<DaemonProcess> live = new ArrayList<>();
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            for (Daemon daemon : daemons.values()) {
                daemon.cancelGrace();
                Instance instance = daemon.instance;
                if (instance != null && !instance.ended) {
                    log.debug("Stopping daemon: " + daemon.quotedName());
                    instance.process.closeInput();
                    live.add(instance.process);
                }
            }
            daemons.clear();
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(stopGraceMillis);
        for (DaemonProcess process : live) {
            process.awaitExit(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
        }
        CompletableFuture<?>[] kills = live.stream().map(DaemonProcess::kill).toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(kills).get(KILL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // what could be killed was; a process that outlives SIGKILL is beyond a parent's reach
        }
    }

    /** reload_daemons: brings the running daemons in line with {@code [os_daemons]}. */
    private void reload() {
        SortedMap<String, String> configured = config.section(SECTION);
        for (Daemon daemon : List.copyOf(daemons.values())) {
            String wanted = configured.get(daemon.name);
            boolean same = daemon.command.equals(wanted);
            switch (daemon.status) {
                case HALTED -> {
                    if (!same) {
                        daemons.remove(daemon.name);
                    }
                }
                case RUNNING -> {
                    if (!same) {
                        stop(daemon, DaemonStatus.STOPPING);
                        daemon.errors = List.of();
                        daemon.successor = wanted;
                    }
                }
                case RESTARTING -> {
                    if (!same) {
                        daemon.status = DaemonStatus.STOPPING;
                        daemon.errors = List.of();
                        daemon.successor = wanted;
                    }
                }
                case STOPPING -> daemon.successor = wanted;
            }
        }
        configured.forEach((name, command) -> {
            Daemon daemon = daemons.get(name);
            if (daemon == null || daemon.status == DaemonStatus.HALTED) {
                boot(name, command);
            }
        });
    }

    /** restart_daemons: the running daemons that registered {@code [section] key} restart. */
    private void restartRegistered(String section, String key) {
        for (Daemon daemon : daemons.values()) {
            if (daemon.status == DaemonStatus.RUNNING
                    && daemon.registered.stream().anyMatch(pattern -> pattern.matches(section, key))) {
                stop(daemon, DaemonStatus.RESTARTING);
            }
        }
    }

    private void boot(String name, String command) {
        Daemon daemon = new Daemon(name, command);
        daemons.put(name, daemon);
        launch(daemon);
    }

    private void launch(Daemon daemon) {
        daemon.status = DaemonStatus.RUNNING;
        Instance instance = new Instance(daemon);
        daemon.instance = instance;
        try {
            instance.process = launcher.launch(daemon.command, instance);
        } catch (IOException | RuntimeException e) {
            // CouchDB's wrapper shell started and exited at once: the same exit, so the same retries and halt
            log.error("Daemon " + daemon.quotedName() + " could not be started: " + e.getMessage());
            instance.process = NotStarted.INSTANCE;
            scheduler.schedule(0, () -> instance.exited(NOT_STARTED_STATUS));
        }
    }

    private void stop(Daemon daemon, DaemonStatus next) {
        log.debug("Stopping daemon: " + daemon.quotedName());
        daemon.status = next;
        Instance instance = daemon.instance;
        instance.process.closeInput();
        daemon.grace = scheduler.schedule(stopGraceMillis, () -> graceOver(instance));
    }

    private void graceOver(Instance instance) {
        synchronized (lock) {
            if (closed || instance.ended) {
                return;
            }
            log.info("Daemon " + instance.daemon.quotedName() + " still runs " + stopGraceMillis
                    + " ms after its input was closed: killing it");
            instance.process.kill();
        }
    }

    private void exited(Instance instance, int status) {
        synchronized (lock) {
            if (closed || instance.ended) {
                return;
            }
            instance.ended = true;
            Daemon daemon = instance.daemon;
            if (daemon.instance != instance) {
                return;
            }
            daemon.cancelGrace();
            String name = daemon.quotedName();
            switch (daemon.status) {
                case STOPPING -> {
                    log.debug("Port " + name + " shut down.");
                    instance.process.kill(); // what it started and left behind
                    daemons.remove(daemon.name);
                    if (daemon.successor != null) {
                        boot(daemon.name, daemon.successor);
                    }
                }
                case RESTARTING -> {
                    log.info("Daemon " + name + " restarting after config change.");
                    instance.process.kill();
                    launch(daemon);
                }
                case RUNNING -> {
                    long now = scheduler.nowMillis();
                    List<Long> exits = new ArrayList<>(daemon.errors.size() + 1);
                    exits.add(now);
                    exits.addAll(daemon.errors);
                    HaltRule.Verdict verdict = HaltRule.configured(config, log).judge(exits, now);
                    if (verdict.halt()) {
                        log.error("Daemon " + name + " halted with exit_status " + status);
                        daemon.status = DaemonStatus.HALTED;
                        daemon.errors = List.of();
                        daemon.instance = null;
                    } else {
                        log.info("Daemon " + name + " is being rebooted after exit_status " + status);
                        daemon.errors = verdict.recent();
                        launch(daemon);
                    }
                }
            }
        }
    }

    /** One configured daemon: a row of couch_os_daemons' table. */
    private static final class Daemon {
        final String name;
        final String command;
        DaemonStatus status = DaemonStatus.RUNNING;
        Instance instance;
        /** Times of its recent unexpected exits, the newest first. */
        List<Long> errors = List.of();
        final Set<ConfigPattern> registered = new HashSet<>();
        Scheduler.Cancellable grace;
        /** The command to start afresh under this name once its stopping process has exited; null for none. */
        String successor;

        Daemon(String name, String command) {
            this.name = name;
            this.command = command;
        }

        String quotedName() {
            return DaemonProtocol.quoted(name);
        }

        void cancelGrace() {
            if (grace != null) {
                grace.cancel();
                grace = null;
            }
        }

        DaemonInfo info() {
            OptionalLong pid = instance == null || instance.ended ? OptionalLong.empty() : instance.process.pid();
            return new DaemonInfo(name, command, status, errors.size(), pid);
        }
    }

    /** One process of a daemon; what it reports counts only while it is the daemon's current one. */
    private final class Instance implements DaemonProcess.Listener {
        final Daemon daemon;
        DaemonProcess process;
        boolean ended;

        Instance(Daemon daemon) {
            this.daemon = daemon;
        }

        private boolean current() {
            return !closed && !ended && daemon.instance == this && daemons.get(daemon.name) == daemon;
        }

        @Override
        public Optional<String> line(String line) {
            synchronized (lock) {
                if (!current()) {
                    return Optional.empty();
                }
                DaemonProtocol.Outcome outcome = protocol.handle(daemon.name, line);
                outcome.registration().ifPresent(daemon.registered::add);
                return outcome.reply();
            }
        }

        @Override
        public void unreadable(String why) {
            synchronized (lock) {
                if (current()) {
                    log.error("Ignoring OS daemon request: " + why);
                }
            }
        }

        @Override
        public void exited(int status) {
            DaemonHost.this.exited(this, status);
        }
    }

    /** The process of a command that could not be started: nothing runs, nothing to stop. */
    private static final class NotStarted implements DaemonProcess {
        static final NotStarted INSTANCE = new NotStarted();

        @Override
        public OptionalLong pid() {
            return OptionalLong.empty();
        }

        @Override
        public void closeInput() {
        }

        @Override
        public boolean awaitExit(Duration timeout) {
            return true;
        }

        @Override
        public CompletableFuture<Void> kill() {
            return CompletableFuture.completedFuture(null);
        }
    }
}
