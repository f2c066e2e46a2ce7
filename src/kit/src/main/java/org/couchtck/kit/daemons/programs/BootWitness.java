package org.couchtck.kit.daemons.programs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Where a daemon reports its boots: the kit's backend, whose request journal is the record of them ({@code POST
 * /couchtck/boots/<name>}, body {@code {"instance": ..., "pid": ...}}). A daemon of a server that started before the
 * kit finds no backend; it runs all the same, unreported.
 *
 * <p>It speaks HTTP through {@link HttpURLConnection}: a daemon boots again and again in the restart cases, and
 * {@code java.net.http}'s client costs about a quarter of a second of CPU more to start.
 */
final class BootWitness {

    /** Where boots of {@code name} are reported, below the backend's base URL. */
    static String bootsPath(String name) {
        return "/couchtck/boots/" + name;
    }

    private static final int TIMEOUT_MILLIS = 5_000;

    private final URI backend;

    /** @param backend the backend's base URL, {@code http://127.0.0.1:PORT} */
    BootWitness(URI backend) {
        this.backend = backend;
    }

    /** Reports a boot of instance {@code instance} to {@code url}; false when it could not. */
    static boolean report(URI url, String instance) {
        ObjectNode body = DaemonChannel.JSON.createObjectNode().put("instance", instance)
                .put("pid", ProcessHandle.current().pid());
        try {
            return post(url, body).isPresent();
        } catch (IOException e) {
            return false;
        }
    }

    /** Reports a boot of {@code name}'s instance {@code instance}; false when it could not. */
    boolean report(String name, String instance) {
        return report(backend.resolve(bootsPath(name)), instance);
    }

    /**
     * The instance of {@code name}'s latest boot the backend recorded, from its journal ({@code POST
     * /__admin/requests/find}); empty when there is none or no backend.
     */
    Optional<String> latest(String name) {
        ObjectNode pattern = DaemonChannel.JSON.createObjectNode().put("method", "POST").put("url", bootsPath(name));
        try {
            Optional<String> found = post(backend.resolve("/__admin/requests/find"), pattern);
            if (found.isEmpty()) {
                return Optional.empty();
            }
            String latest = null;
            long latestAt = Long.MIN_VALUE;
            for (JsonNode request : DaemonChannel.JSON.readTree(found.get()).path("requests")) {
                long at = request.path("loggedDate").asLong();
                JsonNode instance = DaemonChannel.JSON.readTree(request.path("body").asText("{}")).path("instance");
                if (instance.isTextual() && at >= latestAt) {
                    latest = instance.textValue();
                    latestAt = at;
                }
            }
            return Optional.ofNullable(latest);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** POSTs {@code body} as JSON; the reply's body when the status is 2xx, empty otherwise. */
    private static Optional<String> post(URI url, JsonNode body) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) url.toURL().openConnection();
        try {
            connection.setConnectTimeout(TIMEOUT_MILLIS);
            connection.setReadTimeout(TIMEOUT_MILLIS);
            connection.setRequestMethod("POST");
            connection.setRequestProperty("Content-Type", "application/json");
            connection.setDoOutput(true);
            byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
            connection.setFixedLengthStreamingMode(bytes.length);
            try (OutputStream out = connection.getOutputStream()) {
                out.write(bytes);
            }
            if (connection.getResponseCode() / 100 != 2) {
                return Optional.empty();
            }
            try (InputStream in = connection.getInputStream()) {
                return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        } finally {
            connection.disconnect();
        }
    }
}
