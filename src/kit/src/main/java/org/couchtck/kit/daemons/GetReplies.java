package org.couchtck.kit.daemons;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Optional;
import org.couchtck.kit.wire.WireJson;

/**
 * CouchDB 2.2.0's replies to a daemon's gets ({@code handle_port_message} get): {@code ["get", S]} gets the section
 * as an object of strings ({@code {}} when there is none), {@code ["get", S, K]} the value as a string or
 * {@code null}; and what a get says about the daemon's port.
 */
final class GetReplies {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /**
     * A get that asked for a port: the section's whole, or its {@code port} key.
     *
     * @param section the section asked
     * @param value the port the configuration has there, if any
     */
    record PortQuestion(String section, Optional<String> value) {}

    private GetReplies() {}

    /** The line CouchDB writes back for {@code get}, an answerable get. */
    static String reply(DaemonConfig config, DaemonLine get) {
        if (get.kind() == DaemonLine.Kind.GET_SECTION) {
            ObjectNode values = NODES.objectNode();
            config.section(get.section()).forEach(values::put);
            return WireJson.write(values);
        }
        JsonNode value = config.value(get.section(), get.key()).<JsonNode>map(NODES::textNode)
                .orElse(NODES.nullNode());
        return WireJson.write(value);
    }

    /**
     * What {@code get} says about the daemon's port: a get of {@code [S] port} asks for it (whether or not there is
     * one), a get of a whole section that holds a port is given it; any other get says nothing.
     */
    static Optional<PortQuestion> port(DaemonConfig config, DaemonLine get) {
        if (get.kind() == DaemonLine.Kind.GET_SECTION) {
            Map<String, String> section = config.section(get.section());
            return section.containsKey("port")
                    ? Optional.of(new PortQuestion(get.section(), Optional.of(section.get("port"))))
                    : Optional.empty();
        }
        return get.key().equals("port")
                ? Optional.of(new PortQuestion(get.section(), config.value(get.section(), "port")))
                : Optional.empty();
    }
}
