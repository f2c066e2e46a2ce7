package org.couchtck.kit.endpoint;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A socket server for behaviour no HTTP server would show on purpose: silence, garbage, a body that never ends. Each
 * connection is handled on its own thread by the given {@link Behaviour}; {@link #close()} closes every socket and
 * waits for the threads.
 */
final class RawHttpServer implements AutoCloseable {

    /** What the server does with one accepted connection. */
    interface Behaviour {
        void serve(Socket socket, InputStream in, OutputStream out) throws IOException, InterruptedException;
    }

    /** Accepts and reads, never answers. */
    static final Behaviour SILENT = (socket, in, out) -> {
        byte[] buffer = new byte[4096];
        while (in.read(buffer) >= 0) {
            // keep the connection open, say nothing
        }
    };

    private final ServerSocket server;
    private final Behaviour behaviour;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final Thread acceptor;
    /** Counts down when a connection's handler ended by an I/O error: the client went away. */
    final CountDownLatch clientGone = new CountDownLatch(1);

    RawHttpServer(Behaviour behaviour) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.behaviour = behaviour;
        this.acceptor = new Thread(this::accept, "raw-http-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                sockets.add(socket);
                Thread handler = new Thread(() -> handle(socket), "raw-http-" + sockets.size());
                handler.setDaemon(true);
                threads.add(handler);
                handler.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void handle(Socket socket) {
        try (socket) {
            behaviour.serve(socket, socket.getInputStream(), socket.getOutputStream());
        } catch (IOException e) {
            clientGone.countDown();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reads the request head (up to its blank line). */
    static void readHead(InputStream in) throws IOException {
        head(in);
    }

    /** Reads the request head (up to its blank line) and returns it, blank line included, as ISO-8859-1 text. */
    static String head(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        int state = 0;
        while (state < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the client closed before its request ended");
            }
            head.append((char) b);
            state = (b == '\r' && (state == 0 || state == 2)) || (b == '\n' && (state == 1 || state == 3))
                    ? state + 1 : 0;
        }
        return head.toString();
    }

    /** The value of header {@code name} (any case) in a request {@code head}, or null. */
    static String header(String head, String name) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
                return line.substring(colon + 1).trim();
            }
        }
        return null;
    }

    /** A whole keep-alive response: {@code status}, X-Couch-Request-ID {@code id} (none when null), {@code body}. */
    static String response(int status, String id, String body) {
        return "HTTP/1.1 " + status + " " + (status < 400 ? "OK" : status < 500 ? "Client Error" : "Server Error")
                + "\r\nContent-Type: application/json\r\n" + (id == null ? "" : "X-Couch-Request-ID: " + id + "\r\n")
                + "Content-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
    }

    /** How many connections the server accepted so far. */
    int accepted() {
        return sockets.size();
    }

    static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** One HTTP/1.1 chunk holding {@code text}. */
    static String chunk(String text) {
        return Integer.toHexString(text.getBytes(StandardCharsets.UTF_8).length) + "\r\n" + text + "\r\n";
    }

    @Override
    public void close() throws IOException, InterruptedException {
        server.close();
        for (Socket socket : sockets) {
            socket.close();
        }
        acceptor.join(TimeUnit.SECONDS.toMillis(5));
        for (Thread thread : threads) {
            thread.interrupt();
            thread.join(TimeUnit.SECONDS.toMillis(5));
        }
    }
}
