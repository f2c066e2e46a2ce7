package org.couchtck.reference.daemons;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code _external} handler processes, one per {@code [external]} name, as CouchDB 2.2.0's couch_external_manager
 * and couch_external_server keep them: a process starts at the first request for its name and is kept; requests to
 * one name take turns; a name whose command changed or went away has its process stopped, and the next request starts
 * the new command. A request that crashes a server ({@link ExternalServerCrash}) stops every process: the manager
 * died with it and its supervisor started an empty one. Closing stops every process tree, as does the JVM's shutdown.
 */
public final class ExternalServers implements AutoCloseable {

    private final Map<String, ExternalServer> servers = new HashMap<>();
    private final Thread shutdownHook = new Thread(this::killAll, "couchtck-external-shutdown");
    private boolean closed;

    public ExternalServers() {
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /**
     * Sends {@code request} (one JSON object, no newline) to the process of {@code name}, which runs {@code command},
     * and returns its reply line: empty when the process wrote a blank line, else the line as written, not yet
     * decoded. Each line is awaited at most {@code timeout} ({@code [couchdb] os_process_timeout}).
     *
     * @throws ExternalServerCrash when the process timed out, exited, or wrote a line CouchDB's server crashed on
     * @throws IllegalStateException when the pool is closed
     */
    public Optional<byte[]> prompt(String name, String command, byte[] request, Duration timeout)
            throws InterruptedException {
        ExternalServer server;
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("the external servers are closed");
            }
            server = servers.computeIfAbsent(name, n -> new ExternalServer());
        }
        try {
            return server.prompt(command, request, timeout);
        } catch (ExternalServerCrash crash) {
            retireAll();
            throw crash;
        }
    }

    /**
     * Stops the processes of names that {@code commands} (the {@code [external]} section: name to command) no longer
     * has or gives another command, as couch_external_manager does on a config change.
     */
    public void retainOnly(Map<String, String> commands) {
        List<ExternalServer> stale;
        synchronized (this) {
            stale = servers.entrySet().stream()
                    .filter(e -> !commands.containsKey(e.getKey()) || e.getValue().command()
                            .map(running -> !running.equals(commands.get(e.getKey()))).orElse(false))
                    .map(Map.Entry::getValue).toList();
        }
        stale.forEach(ExternalServer::retire);
    }

    private void retireAll() {
        List<ExternalServer> all;
        synchronized (this) {
            all = List.copyOf(servers.values());
        }
        all.forEach(ExternalServer::retire);
    }

    private void killAll() {
        List<ExternalServer> all;
        synchronized (this) {
            all = List.copyOf(servers.values());
        }
        all.forEach(ExternalServer::kill);
    }

    /** Stops every process, a request in flight or not. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        killAll();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: it kills what is left
        }
    }
}
