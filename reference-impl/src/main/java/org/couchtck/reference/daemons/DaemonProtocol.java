package org.couchtck.reference.daemons;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.couchtck.reference.erlang.ErlangTermFormatter;
import org.couchtck.reference.log.CouchLog;

/**
 * The requests a daemon writes to its standard output, one JSON value a line, and what the host does with each
 * (couch_os_daemons:handle_port_message), with CouchDB's log texts:
 *
 * <ul>
 *   <li>{@code ["get", S]}: the reply is section {@code S} as an object of strings ({@code {}} if it has none);
 *   <li>{@code ["get", S, K]}: the reply is the value as a string, or {@code null};
 *   <li>{@code ["register", S]}, {@code ["register", S, K]}: a change of that section or key restarts the daemon;
 *   <li>{@code ["log", M]} logs {@code M} at info; {@code ["log", M, {"level": L}]} at debug, info or error; a
 *       message that is not a string, or another level, is logged as an error (the message then at info);
 *   <li>anything else that is JSON is logged as an invalid request, and a line that is not JSON is ignored with an
 *       error. The daemon runs on either way.
 * </ul>
 *
 * <p>Values are read from the live configuration at the moment of the request. A {@code get} whose section or key
 * is not a string made CouchDB's config:get crash the whole host (which its supervisor then restarted with every
 * daemon); here it is an invalid request like any other.
 */
final class DaemonProtocol {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** The reply to write back (a line without its newline), and a registration to record. */
    record Outcome(Optional<String> reply, Optional<ConfigPattern> registration) {
        static final Outcome NOTHING = new Outcome(Optional.empty(), Optional.empty());

        static Outcome reply(JsonNode value) {
            try {
                return new Outcome(Optional.of(JSON.writeValueAsString(value)), Optional.empty());
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("a tree of strings always serializes", e);
            }
        }

        static Outcome register(ConfigPattern pattern) {
            return new Outcome(Optional.empty(), Optional.of(pattern));
        }
    }

    private final DaemonConfig config;
    private final CouchLog log;

    DaemonProtocol(DaemonConfig config, CouchLog log) {
        this.config = config;
        this.log = log;
    }

    /** Handles one line (without its newline) from daemon {@code name}. */
    Outcome handle(String name, String line) {
        JsonNode request;
        try {
            request = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            request = null;
        }
        if (request == null || request.isMissingNode()) {
            log.error("Ignoring OS daemon request: not JSON: " + abbreviated(line));
            return Outcome.NOTHING;
        }
        Outcome outcome = answer(name, request);
        if (outcome == null) {
            String prefix = "Daemon " + quoted(name) + " made invalid request: ";
            log.error(prefix + ErlangTermFormatter.print(request, prefix.length()));
            return Outcome.NOTHING;
        }
        return outcome;
    }

    /** The outcome of a request; null if it is none the host knows. */
    private Outcome answer(String name, JsonNode request) {
        if (!request.isArray() || request.isEmpty() || !request.get(0).isTextual()) {
            return null;
        }
        int size = request.size();
        JsonNode first = size > 1 ? request.get(1) : null;
        JsonNode second = size > 2 ? request.get(2) : null;
        switch (request.get(0).textValue()) {
            case "get" -> {
                if (size == 2 && first.isTextual()) {
                    ObjectNode section = JsonNodeFactory.instance.objectNode();
                    config.section(first.textValue()).forEach(section::put);
                    return Outcome.reply(section);
                }
                if (size == 3 && first.isTextual() && second.isTextual()) {
                    return Outcome.reply(config.get(first.textValue(), second.textValue())
                            .<JsonNode>map(TextNode::valueOf).orElse(JsonNodeFactory.instance.nullNode()));
                }
            }
            case "register" -> {
                if (size == 2 && first.isTextual()) {
                    return Outcome.register(ConfigPattern.section(first.textValue()));
                }
                if (size == 3 && first.isTextual() && second.isTextual()) {
                    return Outcome.register(ConfigPattern.key(first.textValue(), second.textValue()));
                }
            }
            case "log" -> {
                if (size == 2) {
                    logged(name, first, TextNode.valueOf("info"));
                    return Outcome.NOTHING;
                }
                if (size == 3 && second.isObject()) {
                    logged(name, first, second.has("level") ? second.get("level") : TextNode.valueOf("info"));
                    return Outcome.NOTHING;
                }
            }
            default -> {
                return null;
            }
        }
        return null;
    }

    /** couch_os_daemons:handle_log_message: note the colon after "Daemon" at error level and for unknown levels. */
    private void logged(String name, JsonNode message, JsonNode level) {
        if (!message.isTextual()) {
            String prefix = "Invalid log message from daemon " + quoted(name) + ": ";
            log.error(prefix + ErlangTermFormatter.print(message, prefix.length()));
            return;
        }
        String text = message.textValue();
        String levelName = level.isTextual() ? level.textValue() : "";
        switch (levelName) {
            case "debug" -> log.debug("Daemon " + quoted(name) + " :: " + text);
            case "info" -> log.info("Daemon " + quoted(name) + " :: " + text);
            case "error" -> log.error("Daemon: " + quoted(name) + " :: " + text);
            default -> {
                String prefix = "Invalid log level from daemon: ";
                log.error(prefix + ErlangTermFormatter.print(level, prefix.length()));
                log.info("Daemon: " + quoted(name) + " :: " + text);
            }
        }
    }

    /** A daemon's name as {@code ~p} prints it: CouchDB holds it as a list of bytes, a string when printable. */
    static String quoted(String name) {
        ArrayNode bytes = JsonNodeFactory.instance.arrayNode();
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            bytes.add(b & 0xFF);
        }
        return name.isEmpty() ? "[]" : ErlangTermFormatter.print(bytes, 0);
    }

    private static String abbreviated(String line) {
        return line.length() <= 200 ? line : line.substring(0, 200) + "... (" + line.length() + " characters)";
    }
}
