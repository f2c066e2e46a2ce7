package org.couchtck.kit.endpoint;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.impl.io.DefaultBHttpClientConnection;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;

/**
 * One HTTP/1.1 connection of the kit's own to the endpoint, over HttpCore's blocking client connection: HttpCore writes
 * requests and parses response heads and body framing; the kit decides when a connection is used again. Used by one
 * exchange at a time; {@link #abort()} may come from any thread and ends a blocked read or connect at once.
 */
final class ClientConnection {

    /** Bounds on a response head, so a server cannot make the kit hold an endless header line. */
    private static final Http1Config HTTP1 = Http1Config.custom()
            .setBufferSize(8 * 1024)
            .setMaxLineLength(64 * 1024)
            .setMaxHeaderCount(500)
            .build();
    private static final Timeout CHECK = Timeout.ofMilliseconds(1);

    private final URI base;
    private final Socket socket = new Socket();
    private final DefaultBHttpClientConnection http = new DefaultBHttpClientConnection(HTTP1);
    /** Whether an exchange was already made on it: only then can a response to another request come. */
    private boolean used;
    private Instant idleSince = Instant.now();
    /** How long the server keeps it open when idle, less a margin, when its last response said so. */
    private Optional<Duration> keepAlive = Optional.empty();

    ClientConnection(URI base) {
        this.base = base;
    }

    /** Connects (and, for https, shakes hands with the JDK's default TLS settings) within {@code timeout}. */
    void connect(Duration timeout) throws IOException {
        String host = host();
        int port = port();
        int millis = (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis()));
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(host, port), millis);
        } catch (SocketTimeoutException e) {
            throw new EndpointUnreachableException("could not connect within " + millis + " ms", e);
        } catch (IOException e) {
            throw HttpFailures.classified(e, timeout);
        }
        if (!"https".equals(base.getScheme())) {
            http.bind(socket);
            return;
        }
        SSLSocket tls = (SSLSocket) ((SSLSocketFactory) SSLSocketFactory.getDefault()).createSocket(socket, host,
                port, true);
        SSLParameters parameters = tls.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        tls.setSSLParameters(parameters);
        try {
            tls.setSoTimeout(millis);
            tls.startHandshake();
            tls.setSoTimeout(0);
        } catch (IOException e) {
            throw new NoReplyException("the TLS handshake failed: " + HttpFailures.describe(e), e);
        }
        http.bind(tls, socket);
    }

    private String host() {
        String host = base.getHost();
        return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    }

    private int port() {
        return base.getPort() >= 0 ? base.getPort() : "https".equals(base.getScheme()) ? 443 : 80;
    }

    /** Sends {@code request}, head and body. */
    void send(ClassicHttpRequest request) throws IOException, HttpException {
        used = true;
        http.sendRequestHeader(request);
        http.sendRequestEntity(request);
        http.flush();
    }

    /** The next response head, waiting until {@code deadline} at most ({@link SocketTimeoutException} then). */
    ClassicHttpResponse receiveHead(Instant deadline) throws IOException, HttpException {
        long millis = Duration.between(Instant.now(), deadline).toMillis();
        if (millis <= 0) {
            throw new SocketTimeoutException("the deadline passed");
        }
        http.setSocketTimeout(Timeout.ofMilliseconds(millis));
        return http.receiveResponseHeader();
    }

    /**
     * The body of {@code response}, framed as its head says. Reads from it wait until {@code deadline}, or without
     * bound when it is null (the reader of a feed decides how long to wait, and aborts).
     */
    InputStream receiveBody(ClassicHttpResponse response, Instant deadline) throws IOException, HttpException {
        if (deadline == null) {
            http.setSocketTimeout(Timeout.INFINITE);
        } else {
            http.setSocketTimeout(Timeout.ofMilliseconds(Math.max(1, Duration.between(Instant.now(), deadline)
                    .toMillis())));
        }
        http.receiveResponseEntity(response);
        return response.getEntity().getContent();
    }

    /** Whether an exchange was already made on this connection. */
    boolean used() {
        return used;
    }

    /** How long it may stay idle before the server closes it, less a margin, when the server said. */
    Optional<Duration> keepAlive() {
        return keepAlive;
    }

    /**
     * Takes the server's {@code Keep-Alive} header ({@code timeout=5, max=100}): it closes the connection after that
     * many idle seconds, so the kit stops using it a second before.
     */
    void keepAliveFrom(String header) {
        if (header == null) {
            return;
        }
        for (String part : header.split(",")) {
            String[] pair = part.trim().split("=", 2);
            if (pair.length == 2 && pair[0].trim().equalsIgnoreCase("timeout")) {
                try {
                    long seconds = Long.parseLong(pair[1].trim());
                    keepAlive = Optional.of(Duration.ofSeconds(Math.max(0, seconds - 1)));
                } catch (NumberFormatException e) {
                    // not a number: the kit's own limit holds
                }
            }
        }
    }

    /** When it was last given back to the pool. */
    Instant idleSince() {
        return idleSince;
    }

    void idleFromNow() {
        idleSince = Instant.now();
    }

    /**
     * Whether it can carry another request: still open at both ends, and nothing waiting to be read (bytes that came
     * while it was idle are a response to no request of the kit's).
     */
    boolean clean() {
        try {
            return !http.isStale() && !http.isDataAvailable(CHECK);
        } catch (IOException e) {
            return false;
        }
    }

    /** Closes it after a complete exchange. */
    void close() {
        http.close(CloseMode.GRACEFUL);
        closeSocket();
    }

    /** Closes it at once, from any thread: a read, write or connect blocked on it fails now. */
    void abort() {
        http.close(CloseMode.IMMEDIATE);
        closeSocket();
    }

    private void closeSocket() {
        try {
            socket.close();
        } catch (IOException e) {
            // Closing is best effort: the socket is unusable either way.
        }
    }
}
