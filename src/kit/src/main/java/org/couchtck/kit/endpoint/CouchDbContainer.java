package org.couchtck.kit.endpoint;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * A container of CouchDB's official image, or of any image that keeps its contract (port 5984, {@code GET /_up}, the
 * admin from {@code COUCHDB_USER} and {@code COUCHDB_PASSWORD}), started by Testcontainers as a single node with a
 * random admin password and its system databases created, and removed when closed.
 */
final class CouchDbContainer implements AutoCloseable {

    private static final int PORT = 5984;
    /** How long the image may take to answer /_up: CouchDB's takes a few seconds, a JVM's on a loaded machine more. */
    private static final Duration STARTUP = Duration.ofMinutes(2);

    private final GenericContainer<?> container;
    private final Credentials admin;
    /** Removes the container when the JVM stops (Ctrl-C, a CI timeout's SIGTERM) before the run closes it. */
    private final Thread removedAtExit;

    private CouchDbContainer(GenericContainer<?> container, Credentials admin, Thread removedAtExit) {
        this.container = container;
        this.admin = admin;
        this.removedAtExit = removedAtExit;
    }

    static CouchDbContainer start(String image) {
        return start(image, DockerEngine::connect);
    }

    /**
     * As {@link #start(String)}, with the engine {@code engine} gives (or the reason it gives none): the image is
     * there or pulled first, so that a start-up that fails is the container's own failure, told with its last log
     * lines.
     */
    static CouchDbContainer start(String image, Supplier<DockerEngine> engine) {
        engine.get().have(image);
        Credentials admin = new Credentials("admin", UUID.randomUUID().toString());
        GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(image))
                .withExposedPorts(PORT)
                .withEnv("COUCHDB_USER", admin.user())
                .withEnv("COUCHDB_PASSWORD", admin.password())
                .waitingFor(Wait.forHttp("/_up").forPort(PORT).forStatusCode(200)
                        .withStartupTimeout(STARTUP));
        // Testcontainers' own clean-up is a container (ryuk) that offline runs do without; the kit removes its own
        Thread removedAtExit = new Thread(container::close, "couchtck-container-removal");
        Runtime.getRuntime().addShutdownHook(removedAtExit);
        try {
            container.start();
        } catch (RuntimeException e) {
            String logs = lastLogLines(container);
            forget(removedAtExit);
            container.close();
            throw new EndpointStartException("the container " + image + " did not start (CouchDB's image contract: "
                    + "port " + PORT + ", GET /_up answering 200 within " + STARTUP.toSeconds() + " s, the admin from "
                    + "COUCHDB_USER and COUCHDB_PASSWORD): " + DockerEngine.causes(e) + logs, e);
        }
        CouchDbContainer started = new CouchDbContainer(container, admin, removedAtExit);
        started.createSystemDatabases();
        return started;
    }

    /** The end of what a container that did not start wrote, where Docker still has it. */
    private static String lastLogLines(GenericContainer<?> container) {
        try {
            List<String> lines = container.getLogs().lines().filter(line -> !line.isBlank()).toList();
            if (lines.isEmpty()) {
                return "; it wrote nothing";
            }
            return "; its output ended: " + String.join(" | ", lines.subList(Math.max(0, lines.size() - 5),
                    lines.size()));
        } catch (RuntimeException e) {
            return "";
        }
    }

    /** A fresh image has no _users, _replicator or _global_changes until a single-node setup creates them. */
    private void createSystemDatabases() {
        HttpClient client = HttpClient.newHttpClient();
        for (String db : new String[] {"_users", "_replicator", "_global_changes"}) {
            HttpRequest request = HttpRequest.newBuilder(uri().resolve("/" + db))
                    .header("Authorization", admin.basicAuthorization())
                    .PUT(HttpRequest.BodyPublishers.noBody()).build();
            try {
                client.send(request, HttpResponse.BodyHandlers.discarding());
            } catch (Exception e) {
                close();
                throw new EndpointStartException("the container did not accept PUT /" + db + ": " + e, e);
            }
        }
    }

    URI uri() {
        return URI.create("http://" + container.getHost() + ":" + container.getMappedPort(PORT));
    }

    Credentials admin() {
        return admin;
    }

    @Override
    public void close() {
        forget(removedAtExit);
        container.close();
    }

    private static void forget(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException stopping) {
            // the JVM is stopping: the hook runs, or ran, and removes the container
        }
    }
}
