package org.couchtck.kit.daemons.programs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.BindException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * An OS daemon that serves HTTP where its config says, as the daemons behind CouchDB's proxy did (couchdb-lucene and
 * its kind): {@code ProxiedDaemon SECTION} asks {@code ["get", SECTION, "port"]} and {@code ["get", SECTION,
 * "witness"]} (the kit's backend, where it reports its boot when there is one), registers {@code [SECTION] restart}
 * and the whole section {@code [SECTION_watch]} (so that a change of either restarts it), and serves on
 * 127.0.0.1:port:
 *
 * <ul>
 *   <li>{@code GET /} (any path not below): {@code {"daemon": SECTION, "instance": id, "previous": the instance
 *       whose boot the backend recorded last before this one's, or null, "pid": pid}}</li>
 *   <li>{@code GET /config/S} and {@code GET /config/S/K}: {@code {"value": the host's answer to ["get", S] or
 *       ["get", S, K]}}</li>
 *   <li>{@code POST /exit}: {@code {"exiting": id}}, then exits with status 3, a daemon that died</li>
 *   <li>{@code POST /noise}: writes a line that is not JSON and a request the protocol does not have, then asks
 *       {@code ["get", SECTION, "port"]} and answers {@code {"value": the answer}}: a host that ignores what it
 *       cannot read still answers</li>
 * </ul>
 *
 * It exits with 0 when its standard input ends.
 */
public final class ProxiedDaemon {

    /** How long a new instance tries to bind a port its killed predecessor may still hold. */
    private static final Duration BIND_PATIENCE = Duration.ofSeconds(15);

    private final String section;
    private final String instance = UUID.randomUUID().toString();
    private final DaemonChannel channel;
    private final JsonNode previous;

    private ProxiedDaemon(String section, DaemonChannel channel, JsonNode previous) {
        this.section = section;
        this.channel = channel;
        this.previous = previous;
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 1) {
            System.err.println("usage: ProxiedDaemon SECTION");
            System.exit(2);
        }
        String section = args[0];
        DaemonChannel channel = DaemonChannel.open();
        JsonNode port = channel.ask("get", section, "port").orElse(NullNode.instance);
        if (!port.isTextual() || !port.textValue().strip().matches("[0-9]{1,5}")) {
            channel.tell("log", "ProxiedDaemon: [" + section + "] port is " + port + ", not a port number",
                    DaemonChannel.JSON.createObjectNode().put("level", "error"));
            System.exit(1);
        }
        channel.tell("register", section, "restart");
        channel.tell("register", section + "_watch");
        JsonNode witness = channel.ask("get", section, "witness").orElse(NullNode.instance);
        Optional<BootWitness> boots = witness.isTextual()
                ? Optional.of(new BootWitness(URI.create(witness.textValue().strip()))) : Optional.empty();
        JsonNode previous = boots.flatMap(b -> b.latest(section))
                .map(id -> (JsonNode) DaemonChannel.JSON.getNodeFactory().textNode(id)).orElse(NullNode.instance);
        ProxiedDaemon daemon = new ProxiedDaemon(section, channel, previous);
        boots.ifPresent(b -> b.report(section, daemon.instance));
        daemon.serve(Integer.parseInt(port.textValue().strip()));
        channel.tell("log", "ProxiedDaemon " + daemon.instance + " serves [" + section + "] on port "
                + port.textValue());
    }

    private void serve(int port) throws IOException, InterruptedException {
        Instant giveUp = Instant.now().plus(BIND_PATIENCE);
        while (true) {
            try {
                DaemonHttpServer.start(port, this::answer);
                return;
            } catch (BindException e) {
                if (Instant.now().isAfter(giveUp)) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }

    private DaemonHttpServer.Reply answer(String method, String path, byte[] body) {
        if (method.equals("POST") && path.equals("/exit")) {
            return new DaemonHttpServer.Reply(200, DaemonChannel.JSON.createObjectNode().put("exiting", instance),
                    () -> System.exit(3));
        } else if (method.equals("POST") && path.equals("/noise")) {
            channel.write("this line is no JSON");
            channel.tell("no_such_request", section);
            return new DaemonHttpServer.Reply(200, value(channel.ask("get", section, "port")));
        } else if (method.equals("GET") && path.startsWith("/config/")) {
            String[] parts = path.substring("/config/".length()).split("/", -1);
            if (parts.length == 1) {
                return new DaemonHttpServer.Reply(200, value(channel.ask("get", decode(parts[0]))));
            } else if (parts.length == 2) {
                return new DaemonHttpServer.Reply(200,
                        value(channel.ask("get", decode(parts[0]), decode(parts[1]))));
            }
            return new DaemonHttpServer.Reply(404, DaemonChannel.JSON.createObjectNode().put("error", "not_found"));
        }
        ObjectNode about = DaemonChannel.JSON.createObjectNode().put("daemon", section).put("instance", instance);
        about.set("previous", previous);
        about.put("pid", ProcessHandle.current().pid());
        return new DaemonHttpServer.Reply(200, about);
    }

    private static ObjectNode value(Optional<JsonNode> answer) {
        ObjectNode out = DaemonChannel.JSON.createObjectNode();
        if (answer.isPresent()) {
            out.set("value", answer.get());
        } else {
            out.put("error", "the host did not answer within 10 s");
        }
        return out;
    }

    private static String decode(String part) {
        return URLDecoder.decode(part.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
