package org.couchtck.kit.endpoint;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;

/**
 * CouchDB's official image, started by Testcontainers as a single node with a random admin password and its system
 * databases created, and removed when closed.
 */
final class CouchDbContainer implements AutoCloseable {

    private static final int PORT = 5984;

    private final GenericContainer<?> container;
    private final Credentials admin;

    private CouchDbContainer(GenericContainer<?> container, Credentials admin) {
        this.container = container;
        this.admin = admin;
    }

    static CouchDbContainer start(String image) {
        return start(image, CouchDbContainer::dockerAvailable);
    }

    /** As {@link #start(String)}, asking {@code dockerAvailable} whether a Docker engine is reachable. */
    static CouchDbContainer start(String image, java.util.function.BooleanSupplier dockerAvailable) {
        if (!dockerAvailable.getAsBoolean()) {
            throw new EndpointStartException("no Docker engine is reachable here, so " + image
                    + " cannot be started (run it yourself and pass --endpoint http://user:pass@host:5984)", null);
        }
        Credentials admin = new Credentials("admin", UUID.randomUUID().toString());
        GenericContainer<?> container = new GenericContainer<>(image)
                .withExposedPorts(PORT)
                .withEnv("COUCHDB_USER", admin.user())
                .withEnv("COUCHDB_PASSWORD", admin.password())
                .waitingFor(Wait.forHttp("/_up").forPort(PORT).forStatusCode(200)
                        .withStartupTimeout(Duration.ofMinutes(2)));
        try {
            container.start();
        } catch (RuntimeException e) {
            container.close();
            throw new EndpointStartException("the container " + image + " did not start: " + e.getMessage(), e);
        }
        CouchDbContainer started = new CouchDbContainer(container, admin);
        started.createSystemDatabases();
        return started;
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
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
        container.close();
    }
}
