package org.couchtck.kit.endpoint.externals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.net.URLDecoder;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.couchtck.kit.endpoint.HttpCall;
import org.couchtck.kit.endpoint.HttpReply;
import org.couchtck.kit.endpoint.StandIn;
import org.couchtck.kit.wire.WireJson;

/**
 * An ini file the kit wrote for an endpoint it started, which the endpoint reads at start and again whenever it
 * changes; as a {@link StandIn} ({@code "to": "ini"}) it takes {@code PUT /section/key} with a JSON string (the
 * value) and {@code DELETE /section/key}, and answers as CouchDB's config API would, with the old value. Each change
 * rewrites the whole file at once (a new file moved over the old one), so the endpoint never reads half of one.
 */
public final class IniFile implements StandIn {

    private final Path path;
    private final Map<String, Map<String, String>> sections = new LinkedHashMap<>();
    /** Told after every change, so that an endpoint in this JVM reads the file at once rather than at its next poll. */
    private volatile Runnable changed = () -> { };

    private IniFile(Path path) {
        this.path = path;
    }

    /** Writes {@code sections} to {@code path} and returns the file, ready for changes. */
    public static IniFile write(Path path, Map<String, Map<String, String>> sections) throws IOException {
        IniFile file = new IniFile(path);
        sections.forEach((name, values) -> file.sections.put(name, new LinkedHashMap<>(values)));
        file.save();
        return file;
    }

    public Path path() {
        return path;
    }

    /** Calls {@code listener} after every change the file saved. */
    public void onChange(Runnable listener) {
        this.changed = listener;
    }

    /** The value of {@code key} in {@code section}, if set. */
    public synchronized Optional<String> get(String section, String key) {
        return Optional.ofNullable(sections.getOrDefault(section, Map.of()).get(key));
    }

    /** Sets {@code key} of {@code section} to {@code value} and saves; returns the old value. */
    public synchronized Optional<String> set(String section, String key, String value) throws IOException {
        Optional<String> old = get(section, key);
        sections.computeIfAbsent(section, s -> new LinkedHashMap<>()).put(key, value);
        save();
        changed.run();
        return old;
    }

    /** Removes {@code key} of {@code section} and saves; returns the old value (nothing saved when there was none). */
    public synchronized Optional<String> delete(String section, String key) throws IOException {
        Optional<String> old = get(section, key);
        if (old.isPresent()) {
            sections.get(section).remove(key);
            save();
            changed.run();
        }
        return old;
    }

    @Override
    public HttpReply send(HttpCall call) throws IOException {
        String[] parts = call.path().substring(1).split("/", -1);
        if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
            return reply(400, "{\"error\":\"bad_request\",\"reason\":\"the ini takes /section/key\"}");
        }
        String section = decode(parts[0]);
        String key = decode(parts[1]);
        switch (call.method()) {
            case "PUT" -> {
                Optional<JsonNode> value = call.body().flatMap(WireJson::tryParse);
                if (value.isEmpty() || !value.get().isTextual()) {
                    return reply(400, "{\"error\":\"bad_request\",\"reason\":\"the value is a JSON string\"}");
                }
                return reply(200, WireJson.write(TextNode.valueOf(set(section, key, value.get().textValue())
                        .orElse(""))));
            }
            case "DELETE" -> {
                Optional<String> old = delete(section, key);
                return old.isPresent() ? reply(200, WireJson.write(TextNode.valueOf(old.get())))
                        : reply(404, "{\"error\":\"not_found\",\"reason\":\"unknown_config_value\"}");
            }
            default -> {
                return reply(405, "{\"error\":\"method_not_allowed\",\"reason\":\"Only PUT,DELETE allowed\"}");
            }
        }
    }

    private static String decode(String part) {
        return URLDecoder.decode(part.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static HttpReply reply(int status, String body) {
        return new HttpReply(status, HttpHeaders.of(Map.of("Content-Type", List.of("application/json")),
                (name, value) -> true), body, Optional.empty());
    }

    private void save() throws IOException {
        StringBuilder text = new StringBuilder("; written by couchtck for the Externals API cases\n");
        sections.forEach((name, values) -> {
            text.append('\n').append('[').append(name).append("]\n");
            values.forEach((key, value) -> text.append(key).append(" = ").append(value).append('\n'));
        });
        Path next = path.resolveSibling(path.getFileName() + ".next");
        Files.writeString(next, text, StandardCharsets.UTF_8);
        Files.move(next, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
