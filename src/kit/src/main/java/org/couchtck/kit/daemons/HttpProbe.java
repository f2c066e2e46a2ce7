package org.couchtck.kit.daemons;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Asks 127.0.0.1 at a port for any HTTP response: what a daemon that serves HTTP must give to a port it was told,
 * since CouchDB's proxy handler forwards requests there. Connecting is tried again while nothing listens yet (the
 * daemon may still be starting), until the deadline.
 */
final class HttpProbe {

    private static final Duration RETRY_EVERY = Duration.ofMillis(100);
    private static final Duration MIN_ATTEMPT = Duration.ofMillis(200);

    /**
     * What the probe found.
     *
     * @param answered whether an HTTP status line came
     * @param detail the status line, or why none came
     * @param attempts how many connections were tried
     */
    record Result(boolean answered, String detail, int attempts) {}

    private HttpProbe() {}

    /** Probes {@code port} until an HTTP status line comes or {@code deadlineNanos} (a {@link System#nanoTime}). */
    static Result probe(int port, long deadlineNanos) throws InterruptedException {
        int attempts = 0;
        String last = "nothing tried";
        while (true) {
            attempts++;
            long left = Math.max(deadlineNanos - System.nanoTime(), MIN_ATTEMPT.toNanos());
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), millis(left));
                socket.setSoTimeout(millis(Math.max(deadlineNanos - System.nanoTime(), MIN_ATTEMPT.toNanos())));
                return ask(socket, port, attempts);
            } catch (SocketTimeoutException e) {
                return new Result(false, "no HTTP response on 127.0.0.1:" + port + " in time (" + e.getMessage()
                        + ")", attempts);
            } catch (IOException e) {
                last = "connecting to 127.0.0.1:" + port + " failed: " + e.getMessage();
            }
            if (System.nanoTime() + RETRY_EVERY.toNanos() - deadlineNanos > 0) {
                return new Result(false, last + " (" + attempts + " attempts)", attempts);
            }
            Thread.sleep(RETRY_EVERY.toMillis());
        }
    }

    private static Result ask(Socket socket, int port, int attempts) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(("GET / HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = socket.getInputStream();
        StringBuilder line = new StringBuilder();
        int c;
        while ((c = in.read()) >= 0 && c != '\n' && line.length() < 1024) {
            line.append((char) c);
        }
        String status = line.toString().strip();
        if (status.startsWith("HTTP/")) {
            return new Result(true, status, attempts);
        }
        return new Result(false, status.isEmpty() ? "connected to 127.0.0.1:" + port
                + ", but the connection closed without an HTTP response"
                : "connected to 127.0.0.1:" + port + ", but the answer is no HTTP: " + status, attempts);
    }

    private static int millis(long nanos) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, nanos / 1_000_000));
    }
}
