package org.couchtck.kit.endpoint;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The idle connections to one endpoint. A connection comes back here only after a clean exchange (see {@link
 * HttpExchange}) and is handed out again only while {@link ClientConnection#clean() clean}; idle ones are given up
 * after a while, before the server would close them itself: before the {@code Keep-Alive: timeout} it announced (less
 * a second), and in any case after {@link #MAX_IDLE_TIME}.
 */
final class ConnectionPool implements AutoCloseable {

    /** The most idle connections kept: enough for the cases that run at once, each with a request or two. */
    private static final int MAX_IDLE = 16;
    /** Shorter than the idle timeouts of CouchDB and Jetty, so a server seldom closes one just as it is taken. */
    private static final Duration MAX_IDLE_TIME = Duration.ofSeconds(10);

    private final URI base;
    private final Deque<ClientConnection> idle = new ArrayDeque<>();
    private boolean closed;

    ConnectionPool(URI base) {
        this.base = base;
    }

    /** An idle connection that is still clean, the most recently used first; null when there is none. */
    ClientConnection takeIdle() {
        while (true) {
            ClientConnection connection;
            synchronized (this) {
                connection = idle.pollLast();
            }
            if (connection == null) {
                return null;
            }
            Duration limit = connection.keepAlive().filter(k -> k.compareTo(MAX_IDLE_TIME) < 0)
                    .orElse(MAX_IDLE_TIME);
            if (Duration.between(connection.idleSince(), Instant.now()).compareTo(limit) < 0
                    && connection.clean()) {
                return connection;
            }
            connection.close();
        }
    }

    /** A new, not yet connected connection. */
    ClientConnection create() {
        return new ClientConnection(base);
    }

    /** Keeps {@code connection} for a later request, or closes it when the pool is full or closed. */
    void giveBack(ClientConnection connection) {
        synchronized (this) {
            if (!closed && idle.size() < MAX_IDLE) {
                connection.idleFromNow();
                idle.addLast(connection);
                return;
            }
        }
        connection.close();
    }

    /** Closes the idle connections; the pool takes connections back as before. */
    void dropIdle() {
        List<ClientConnection> closing;
        synchronized (this) {
            closing = new ArrayList<>(idle);
            idle.clear();
        }
        closing.forEach(ClientConnection::close);
    }

    /** Closes the idle connections; connections given back later are closed at once. */
    @Override
    public void close() {
        List<ClientConnection> closing;
        synchronized (this) {
            closed = true;
            closing = new ArrayList<>(idle);
            idle.clear();
        }
        closing.forEach(ClientConnection::close);
    }
}
