package org.couchtck.kit.endpoint.launch;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.couchtck.kit.endpoint.EndpointSpec;
import org.couchtck.kit.endpoint.EndpointStartException;
import org.couchtck.kit.endpoint.HttpEndpoint;
import org.couchtck.kit.endpoint.Outage;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.process.SupervisedProcess;
import org.couchtck.kit.process.TargetStartException;
import org.couchtck.kit.wire.Transcript;

/**
 * An endpoint the kit starts from a command ({@code --endpoint-command}) and supervises for the run: started on a
 * free port, ready once it answers {@code GET /}, its output shown in the transcripts of the cases that run while it
 * is written, started again (on the same port, with the same folder) whenever it exits or stops answering, and
 * stopped, with its whole process tree, at the end. Its {@link #watch() watch} counts every such outage, with the
 * requests it had in flight and the last lines it wrote to standard error.
 */
public final class LaunchedEndpoint implements AutoCloseable {

    /** How often a starting endpoint is asked {@code GET /}. */
    private static final Duration READY_EVERY = Duration.ofMillis(100);
    /** The bound on one such question, and on the one that asks whether a live process still answers. */
    /** How long a process whose connections broke may take to be seen to exit. */
    private static final Duration EXIT_SETTLE = Duration.ofSeconds(1);
    /** How long the last words of a process that exited may take to be read. */
    private static final Duration STDERR_SETTLE = Duration.ofSeconds(2);
    /** How long the endpoint has to end after a SIGTERM at the end of the run. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);
    /** A run that needed this many restarts has learnt what it can. */
    static final int MAX_RESTARTS = 1000;

    private final EndpointSpec.Command spec;
    private final ServerCommand command;
    private final URI uri;
    private final Optional<Path> dir;
    private final Duration startTimeout;
    private final HttpEndpoint target;
    private final RootProbe prober;
    private final EndpointOutput output = new EndpointOutput();
    private final Watch watch;
    private final Object processLock = new Object();
    private SupervisedProcess process;
    private int restarts;
    private volatile boolean stopping;

    private LaunchedEndpoint(EndpointSpec.Command spec, ServerCommand command, URI uri, Optional<Path> dir,
            Duration requestTimeout, Duration startTimeout) {
        this.spec = spec;
        this.command = command;
        this.uri = uri;
        this.dir = dir;
        this.startTimeout = startTimeout;
        this.target = spec.admin().isPresent() ? HttpEndpoint.of(uri, spec.admin().get(), requestTimeout)
                : HttpEndpoint.of(uri, requestTimeout);
        this.prober = new RootProbe(uri, spec.admin());
        this.watch = new Watch(target);
        target.watchedBy(watch);
    }

    /**
     * Starts the endpoint {@code spec} names and waits, at most {@code startTimeout}, until it answers {@code GET /}.
     *
     * @throws EndpointStartException with a one-line reason (and the end of its standard error) when it cannot be
     *     started or does not answer in time
     */
    public static LaunchedEndpoint start(EndpointSpec.Command spec, Duration requestTimeout, Duration startTimeout) {
        Optional<Path> dir = Optional.empty();
        LaunchedEndpoint endpoint = null;
        try {
            int port = spec.url().map(LaunchedEndpoint::port).orElseGet(LaunchedEndpoint::freePort);
            URI uri = spec.url().map(LaunchedEndpoint::withoutUserInfo)
                    .orElseGet(() -> URI.create("http://127.0.0.1:" + port));
            if (spec.command().contains(EndpointSpec.Command.DIR)) {
                dir = Optional.of(Files.createTempDirectory("couchtck-endpoint-"));
            }
            ServerCommand command = substituted(ServerCommand.parse(spec.command()), port, dir);
            endpoint = new LaunchedEndpoint(spec, command, uri, dir, requestTimeout, startTimeout);
            endpoint.launch();
            return endpoint;
        } catch (IOException e) {
            dir.ifPresent(LaunchedEndpoint::delete);
            throw new EndpointStartException("cannot prepare the endpoint's folder: " + e.getMessage(), e);
        } catch (IllegalArgumentException | EndpointStartException e) {
            if (endpoint != null) {
                endpoint.close();
            } else {
                dir.ifPresent(LaunchedEndpoint::delete);
            }
            throw e instanceof EndpointStartException s ? s : new EndpointStartException(e.getMessage(), e);
        }
    }

    private static ServerCommand substituted(ServerCommand template, int port, Optional<Path> dir) {
        List<String> argv = new ArrayList<>();
        for (String arg : template.argv()) {
            String value = arg.replace(EndpointSpec.Command.PORT, Integer.toString(port));
            if (dir.isPresent()) {
                value = value.replace(EndpointSpec.Command.DIR, dir.get().toString());
            }
            argv.add(value);
        }
        return new ServerCommand(argv);
    }

    /** Starts a process and waits until it answers; the caller holds no lock, the process field is set at once. */
    private void launch() {
        SupervisedProcess started;
        try {
            started = SupervisedProcess.start("the endpoint", command, Map.of(), Path.of(System.getProperty(
                    "user.dir")), SupervisedProcess.Stdout.LOG, output);
        } catch (TargetStartException e) {
            throw new EndpointStartException(e.getMessage(), e);
        }
        synchronized (processLock) {
            if (stopping) {
                started.stop(started::terminate, Duration.ZERO);
                throw new EndpointStartException("the run ended", null);
            }
            process = started;
        }
        started.onExit().thenRun(() -> exited(started));
        awaitReady(started);
    }

    private void awaitReady(SupervisedProcess started) {
        long deadline = System.nanoTime() + startTimeout.toNanos();
        String last = "it did not answer";
        while (System.nanoTime() < deadline) {
            if (!started.isAlive()) {
                started.awaitStderrRead(STDERR_SETTLE);
                throw new EndpointStartException("the endpoint `" + command.display() + "` exited with status "
                        + started.exitCode().orElse(-1) + " before it answered GET / at " + uri
                        + lastWords(started.stderrTail()), null);
            }
            Optional<String> answer = prober.ask();
            if (answer.isEmpty()) {
                return;
            }
            last = answer.get();
            try {
                Thread.sleep(READY_EVERY.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        started.kill("it did not answer GET / within " + startTimeout.toMillis() + " ms of its start");
        throw new EndpointStartException("the endpoint `" + command.display() + "` did not answer GET / at " + uri
                + " within " + startTimeout.toMillis() + " ms (--start-timeout): " + last
                + lastWords(started.stderrTail()), null);
    }

    private static String lastWords(String stderrTail) {
        String[] lines = stderrTail.strip().split("\\R");
        if (stderrTail.isBlank()) {
            return "";
        }
        int from = Math.max(0, lines.length - 10);
        return "; its standard error ends:\n" + String.join("\n", List.of(lines).subList(from, lines.length));
    }

    private void exited(SupervisedProcess ended) {
        synchronized (processLock) {
            // a process the kit killed for not answering is told of by the one that killed it
            if (stopping || ended != process || ended.killedByKit()) {
                return;
            }
        }
        ended.awaitStderrRead(STDERR_SETTLE);
        watch.declare("exited with status " + ended.exitCode().orElse(-1), ended.stderrTail());
    }

    /** The endpoint's URL, without credentials. */
    public URI uri() {
        return uri;
    }

    /** The HTTP client the cases talk to it through. */
    public HttpEndpoint target() {
        return target;
    }

    /** What the run knows of its outages. */
    public LaunchedEndpoint.Watch watch() {
        return watch;
    }

    /** The command as the kit ran it, for reports. */
    public String description() {
        return spec.describe() + " (" + uri + ")";
    }

    /** The folder {@code {dir}} stands for, when the command has one. */
    Optional<Path> folder() {
        return dir;
    }

    /** How many times it was started again. */
    public int restarts() {
        synchronized (processLock) {
            return restarts;
        }
    }

    /** Stops it: a SIGTERM, a few seconds to end, then its process tree is killed; its folder is deleted. */
    @Override
    public void close() {
        SupervisedProcess last;
        synchronized (processLock) {
            stopping = true;
            last = process;
        }
        watch.giveUp("the run ended");
        target.close();
        prober.close();
        if (last != null) {
            last.stop(last::terminate, STOP_GRACE);
        }
        dir.ifPresent(LaunchedEndpoint::delete);
    }

    /** The watch of a launched endpoint: its process's exit, or a live process that no longer answers. */
    public final class Watch extends OutageWatch {

        private Watch(HttpEndpoint watched) {
            super(watched);
        }

        @Override
        Optional<Away> whyAway(IOException failure) {
            SupervisedProcess current;
            synchronized (processLock) {
                current = process;
            }
            try {
                OptionalInt status = current.awaitEnd(EXIT_SETTLE);
                if (status.isPresent()) {
                    current.awaitStderrRead(STDERR_SETTLE);
                    return Optional.of(new Away("exited with status " + status.getAsInt(), current.stderrTail()));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
            Optional<String> silent = prober.ask();
            if (silent.isEmpty()) {
                return Optional.empty();
            }
            String what = "stopped answering (GET / " + silent.get() + ")";
            current.kill("the endpoint " + what);
            return Optional.of(new Away(what, current.stderrTail()));
        }

        @Override
        Optional<String> recover(Outage outage) {
            SupervisedProcess old;
            synchronized (processLock) {
                old = process;
                if (stopping) {
                    return Optional.of("the run ended");
                }
                if (restarts >= MAX_RESTARTS) {
                    return Optional.of("the endpoint went away " + restarts + " times; the kit started it no more");
                }
                restarts++;
            }
            old.stop(() -> { }, Duration.ZERO);
            try {
                launch();
                return Optional.empty();
            } catch (EndpointStartException e) {
                return Optional.of("it could not be started again after outage " + outage.number() + ": "
                        + e.getMessage());
            }
        }

        @Override
        public AutoCloseable showOutputTo(Transcript transcript) {
            return output.showTo(transcript);
        }
    }

    private static int port(URI url) {
        if (url.getPort() >= 0) {
            return url.getPort();
        }
        return "https".equals(url.getScheme()) ? 443 : 80;
    }

    private static URI withoutUserInfo(URI url) {
        return URI.create(url.getScheme() + "://" + url.getHost() + (url.getPort() < 0 ? "" : ":" + url.getPort())
                + (url.getRawPath() == null ? "" : url.getRawPath()));
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new EndpointStartException("no free port for the endpoint: " + e.getMessage(), e);
        }
    }

    private static void delete(Path folder) {
        try {
            Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.deleteIfExists(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // a folder left in the temporary folder is no verdict of the run's
        }
    }
}
