package org.couchtck.kit.daemons.programs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * An OS daemon as CouchDB's documentation has them: it asks for its port ({@code ["get", NAME, "port"]}) and its
 * section, registers the section (so that CouchDB restarts it when the section changes), serves
 * {@code {"hello":"<greeting>"}} over HTTP on 127.0.0.1 at that port, logs what it does, and exits when its standard
 * input ends, which is how it learns that CouchDB is gone. Without a usable port it logs an error and waits for the end
 * of its input all the same: exiting would only make CouchDB start it again.
 *
 * <p>Arguments: the daemon's name, its key in {@code [os_daemons]} and the section it reads (default
 * {@value #DEFAULT_NAME}).
 */
public final class HelloDaemon {

    /** The name used when none is given. */
    public static final String DEFAULT_NAME = "couchtck";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    private final PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);

    private HelloDaemon() {}

    public static void main(String[] args) throws IOException {
        new HelloDaemon().run(args.length > 0 ? args[0] : DEFAULT_NAME);
    }

    private void run(String name) throws IOException {
        Optional<JsonNode> port = ask(name, "port");
        Optional<JsonNode> section = ask(name, null);
        if (port.isEmpty() || section.isEmpty()) {
            return;
        }
        request("register", name);
        String greeting = section.get().path("greeting").asText("world");
        DaemonHttpServer server = serve(name, port.get(), greeting);
        log("ready", "debug");
        // Anything CouchDB writes now is no answer to a question of ours; its end is the signal to go.
        while (in.readLine() != null) {
            log("ignoring an unexpected line on standard input", "error");
        }
        if (server != null) {
            server.close();
        }
    }

    /** Serves the greeting on {@code port}, or logs why not; null when it does not serve. */
    private DaemonHttpServer serve(String name, JsonNode port, String greeting) {
        int number;
        try {
            number = Integer.parseInt(port.asText(""));
        } catch (NumberFormatException e) {
            log("no usable port in [" + name + "] port (got " + port + "); not serving HTTP", "error");
            return null;
        }
        JsonNode hello = JSON.createObjectNode().put("hello", greeting);
        try {
            DaemonHttpServer server = DaemonHttpServer.start(number,
                    (method, path, body) -> new DaemonHttpServer.Reply(200, hello));
            log("serving HTTP on 127.0.0.1:" + number, "info");
            return server;
        } catch (IOException | IllegalArgumentException e) {
            log("cannot serve HTTP on 127.0.0.1:" + number + ": " + e.getMessage(), "error");
            return null;
        }
    }

    /** Asks for {@code key} of {@code section} (the whole section when null); empty when the input ended. */
    private Optional<JsonNode> ask(String section, String key) throws IOException {
        if (key == null) {
            request("get", section);
        } else {
            request("get", section, key);
        }
        String reply = in.readLine();
        if (reply == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readTree(reply));
        } catch (IOException e) {
            log("cannot read the reply " + reply + ": " + e.getMessage(), "error");
            return Optional.of(JSON.nullNode());
        }
    }

    private void log(String message, String level) {
        ArrayNode line = JSON.createArrayNode().add("log").add(message);
        if (!level.equals("info")) {
            line.addObject().put("level", level);
        }
        write(line);
    }

    private void request(String... parts) {
        ArrayNode line = JSON.createArrayNode();
        for (String part : parts) {
            line.add(part);
        }
        write(line);
    }

    private void write(ArrayNode line) {
        out.print(line + "\n");
        out.flush();
    }
}
