package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import org.couchtck.reference.config.ConfigKey;
import org.couchtck.reference.config.IniValues;
import org.couchtck.reference.daemons.DaemonConfig;

/**
 * The node's configuration and {@code /_node/{node}/_config}, as CouchDB shows it (only what was set, as strings),
 * readable and writable by admins. Three layers, each over the one before: the endpoint's own defaults (what
 * default.ini would set), the ini files {@code serve --ini} reads, and what was set or deleted over HTTP (until the
 * files change that key). Every change of a value is told to the listeners, as config's listeners are.
 *
 * <p>The sections that name code to run (couch_util's config blacklist) cannot be written over HTTP: only the ini
 * files set them.
 */
final class NodeConfig implements DaemonConfig {

    static final String NODE = "couchtck@127.0.0.1";

    /** couch_util:check_config_blacklist (CouchDB 3.5.2). */
    static final Set<String> BLACKLISTED = Set.of("daemons", "external", "httpd_design_handlers",
            "httpd_db_handlers", "httpd_global_handlers", "native_query_servers", "os_daemons", "query_servers",
            "feature_flags");

    private final Map<String, Map<String, String>> defaults = new TreeMap<>();
    private IniValues files = IniValues.EMPTY;
    /** Set over HTTP: a value, or empty for a deleted key. */
    private final Map<ConfigKey, Optional<String>> overrides = new HashMap<>();
    private final Map<String, BiConsumer<String, String>> watchers = new TreeMap<>();
    private final List<BiConsumer<String, String>> listeners = new ArrayList<>();

    /** Sets a default, as default.ini would: below the ini files, and told to nobody. */
    synchronized void set(String section, String key, String value) {
        defaults.computeIfAbsent(section, s -> new TreeMap<>()).put(key, value);
    }

    /** Calls {@code watcher(key, value)} after every change of {@code section} (value null once deleted). */
    synchronized void watch(String section, BiConsumer<String, String> watcher) {
        watchers.put(section, watcher);
    }

    /** Calls {@code listener(section, key)} after every change of any key. */
    synchronized void listen(BiConsumer<String, String> listener) {
        listeners.add(listener);
    }

    /**
     * Takes the values the ini files set now. A key whose file value changed loses what HTTP set for it (the newer
     * word wins); each key whose value changed is told.
     */
    void loadFiles(IniValues values) {
        Set<ConfigKey> changed = new TreeSet<>();
        synchronized (this) {
            Set<ConfigKey> differing = files.differingKeys(values);
            Map<ConfigKey, Optional<String>> before = new HashMap<>();
            differing.forEach(key -> before.put(key, get(key.section(), key.key())));
            differing.forEach(overrides::remove);
            files = values;
            differing.forEach(key -> {
                if (!before.get(key).equals(get(key.section(), key.key()))) {
                    changed.add(key);
                }
            });
        }
        RuntimeException failed = null;
        for (ConfigKey key : changed) {
            try {
                tell(key.section(), key.key());
            } catch (RuntimeException e) {
                failed = failed == null ? e : failed;
            }
        }
        if (failed != null) {
            throw failed;
        }
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
            response.json(200, sectionJson(section));
        } else {
            switch (request.method()) {
                case "GET" -> response.json(200, TextNode.valueOf(get(section, key)
                        .orElseThrow(() -> CouchError.notFound("unknown_config_value"))));
                case "PUT" -> {
                    refuseBlacklisted(section);
                    JsonNode value = request.jsonBody();
                    if (!value.isTextual()) {
                        throw CouchError.badRequest("Bad request");
                    }
                    response.json(200, TextNode.valueOf(put(section, key, value.asText()).orElse("")));
                }
                case "DELETE" -> {
                    refuseBlacklisted(section);
                    response.json(200, TextNode.valueOf(delete(section, key)
                            .orElseThrow(() -> CouchError.notFound("unknown_config_value"))));
                }
                default -> throw CouchError.methodNotAllowed("GET,PUT,DELETE");
            }
        }
    }

    /** Checked before the body is read: a body that is not even JSON is refused the same way. */
    private static void refuseBlacklisted(String section) {
        if (BLACKLISTED.contains(section)) {
            throw new CouchError(403, "forbidden", "Config section blacklisted for modification over HTTP API.");
        }
    }

    private synchronized ObjectNode all() {
        Set<String> names = new TreeSet<>(defaults.keySet());
        names.addAll(files.sectionNames());
        overrides.keySet().forEach(key -> names.add(key.section()));
        ObjectNode out = Json.object();
        names.forEach(name -> {
            SortedMap<String, String> values = section(name);
            if (!values.isEmpty()) {
                out.set(name, json(values));
            }
        });
        return out;
    }

    private ObjectNode sectionJson(String name) {
        return json(section(name));
    }

    private static ObjectNode json(Map<String, String> values) {
        ObjectNode out = Json.object();
        values.forEach(out::put);
        return out;
    }

    /** The values of {@code section} now, in key order. */
    @Override
    public synchronized SortedMap<String, String> section(String section) {
        SortedMap<String, String> values = new TreeMap<>(defaults.getOrDefault(section, Map.of()));
        values.putAll(files.section(section));
        overrides.forEach((key, value) -> {
            if (key.section().equals(section)) {
                value.ifPresentOrElse(v -> values.put(key.key(), v), () -> values.remove(key.key()));
            }
        });
        return Collections.unmodifiableSortedMap(values);
    }

    /** The values set in {@code section}, a copy. */
    Map<String, String> values(String section) {
        return Map.copyOf(section(section));
    }

    @Override
    public synchronized Optional<String> get(String section, String key) {
        Optional<String> set = overrides.get(new ConfigKey(section, key));
        if (set != null) {
            return set;
        }
        Optional<String> fromFiles = files.get(section, key);
        return fromFiles.isPresent() ? fromFiles
                : Optional.ofNullable(defaults.getOrDefault(section, Map.of()).get(key));
    }

    private Optional<String> put(String section, String key, String value) {
        Optional<String> old;
        synchronized (this) {
            old = get(section, key);
            overrides.put(new ConfigKey(section, key), Optional.of(value));
        }
        tell(section, key); // config:set tells its listeners even when the value stays the same
        return old;
    }

    Optional<String> delete(String section, String key) {
        Optional<String> old;
        synchronized (this) {
            old = get(section, key);
            if (old.isPresent()) {
                overrides.put(new ConfigKey(section, key), Optional.empty());
            }
        }
        if (old.isPresent()) {
            tell(section, key);
        }
        return old;
    }

    /**
     * Tells the watcher of the section and every listener, outside the lock (they read the config back). One that
     * fails (a value it cannot take) does not keep the others from hearing; its failure is thrown afterwards.
     */
    private void tell(String section, String key) {
        List<BiConsumer<String, String>> all = new ArrayList<>();
        synchronized (this) {
            BiConsumer<String, String> watcher = watchers.get(section);
            String value = get(section, key).orElse(null);
            if (watcher != null) {
                all.add((s, k) -> watcher.accept(k, value));
            }
            all.addAll(listeners);
        }
        RuntimeException failed = null;
        for (BiConsumer<String, String> listener : all) {
            try {
                listener.accept(section, key);
            } catch (RuntimeException e) {
                failed = failed == null ? e : failed;
            }
        }
        if (failed != null) {
            throw failed;
        }
    }
}
