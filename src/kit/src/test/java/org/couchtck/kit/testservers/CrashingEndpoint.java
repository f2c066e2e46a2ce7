package org.couchtck.kit.testservers;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;

/**
 * A CouchDB-like HTTP endpoint with faults on request, for the kit's supervision of launched endpoints: {@code PORT
 * [DIR [MODE]]}. It listens on 127.0.0.1:PORT and logs each request to standard output; {@code GET /} welcomes, {@code
 * PUT} and {@code DELETE} of anything answer {@code {"ok":true}} (201, 200), {@code GET .../ok} answers
 * {@code {"ok":true}}. A path ending in {@code /crash} makes it write its last words to standard error and exit with
 * status 1 before it answers; one ending in {@code /hang} makes it stop answering every request from then on. Each
 * start appends a line {@code start PID} to {@code DIR/starts} when a DIR is given. MODE {@code exit-at-start}: it exits with status 3
 * at once, saying why on standard error; {@code never-ready}: it never listens.
 */
public final class CrashingEndpoint {

    private static final CountDownLatch NEVER = new CountDownLatch(1);
    private static volatile boolean hung;

    private CrashingEndpoint() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        int port = Integer.parseInt(args[0]);
        if (args.length > 1) {
            Files.writeString(Path.of(args[1], "starts"), "start " + ProcessHandle.current().pid() + "\n",
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        }
        String mode = args.length > 2 ? args[2] : "";
        if (mode.equals("exit-at-start")) {
            System.err.println("cannot start: the test asked for it");
            System.exit(3);
        }
        if (mode.equals("never-ready")) {
            NEVER.await();
        }
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", CrashingEndpoint::handle);
        server.start();
        System.out.println("[info] listening on " + port);
    }

    private static void handle(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getRawPath();
        System.out.println("[info] " + method + " " + path);
        exchange.getRequestBody().readAllBytes();
        if (hung || path.endsWith("/hang")) {
            hung = true;
            try {
                NEVER.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return;
        }
        if (path.endsWith("/crash")) {
            System.err.println("Error: crash requested by " + method + " " + path);
            System.err.println("    at CrashingEndpoint.handle");
            System.err.flush();
            Runtime.getRuntime().halt(1);
        }
        if (path.equals("/")) {
            reply(exchange, 200, "{\"couchdb\":\"Welcome\",\"vendor\":{\"name\":\"couchtck test double\"}}");
        } else if (method.equals("PUT")) {
            reply(exchange, 201, "{\"ok\":true}");
        } else if (method.equals("DELETE")) {
            reply(exchange, 200, "{\"ok\":true}");
        } else if (path.endsWith("/ok")) {
            reply(exchange, 200, "{\"ok\":true}");
        } else {
            reply(exchange, 404, "{\"error\":\"not_found\",\"reason\":\"missing\"}");
        }
    }

    private static void reply(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
