package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * {@code /_node/{node}/_config}: the values set on the node, as CouchDB shows them (only what was set, as strings),
 * readable and writable by admins. Setting a key the endpoint acts on (the global_changes ones) takes effect at once.
 */
final class NodeConfig {

    static final String NODE = "couchtck@127.0.0.1";

    private final Map<String, Map<String, String>> sections = new TreeMap<>();
    private final Map<String, BiConsumer<String, String>> watchers = new TreeMap<>();

    synchronized void set(String section, String key, String value) {
        sections.computeIfAbsent(section, s -> new TreeMap<>()).put(key, value);
    }

    /** Calls {@code watcher(key, value)} after every change of {@code section}. */
    synchronized void watch(String section, BiConsumer<String, String> watcher) {
        watchers.put(section, watcher);
    }

    void handle(ApiRequest request, ApiResponse response) throws IOException {
        Access.requireAdmin(request);
        String node = request.segment(1);
        if (node == null || !(node.equals("_local") || node.equals(NODE))) {
            throw CouchError.notFound("missing");
        }
        if (!"_config".equals(request.segment(2))) {
            throw CouchError.notFound("missing");
        }
        String section = request.segment(3);
        String key = request.segment(4);
        if (section == null) {
            Methods.allow(request, "GET");
            response.json(200, all());
        } else if (key == null) {
            Methods.allow(request, "GET");
            response.json(200, section(section));
        } else {
            switch (request.method()) {
                case "GET" -> response.json(200, TextNode.valueOf(get(section, key)
                        .orElseThrow(() -> CouchError.notFound("unknown_config_value"))));
                case "PUT" -> {
                    JsonNode value = request.jsonBody();
                    if (!value.isTextual()) {
                        throw CouchError.badRequest("Bad request");
                    }
                    response.json(200, TextNode.valueOf(put(section, key, value.asText()).orElse("")));
                }
                case "DELETE" -> response.json(200, TextNode.valueOf(delete(section, key)
                        .orElseThrow(() -> CouchError.notFound("unknown_config_value"))));
                default -> throw CouchError.methodNotAllowed("GET,PUT,DELETE");
            }
        }
    }

    private synchronized ObjectNode all() {
        ObjectNode out = Json.object();
        sections.keySet().forEach(name -> out.set(name, section(name)));
        return out;
    }

    private synchronized ObjectNode section(String name) {
        ObjectNode out = Json.object();
        sections.getOrDefault(name, Map.of()).forEach(out::put);
        return out;
    }

    /** The values set in {@code section}, a copy. */
    synchronized Map<String, String> values(String section) {
        return Map.copyOf(sections.getOrDefault(section, Map.of()));
    }

    synchronized Optional<String> get(String section, String key) {
        return Optional.ofNullable(sections.getOrDefault(section, Map.of()).get(key));
    }

    private Optional<String> put(String section, String key, String value) {
        Optional<String> old;
        BiConsumer<String, String> watcher;
        synchronized (this) {
            old = get(section, key);
            set(section, key, value);
            watcher = watchers.get(section);
        }
        if (watcher != null) {
            watcher.accept(key, value);
        }
        return old;
    }

    Optional<String> delete(String section, String key) {
        Optional<String> old;
        BiConsumer<String, String> watcher;
        synchronized (this) {
            old = get(section, key);
            Map<String, String> values = sections.get(section);
            if (values != null) {
                values.remove(key);
            }
            watcher = watchers.get(section);
        }
        if (watcher != null && old.isPresent()) {
            watcher.accept(key, null);
        }
        return old;
    }
}
