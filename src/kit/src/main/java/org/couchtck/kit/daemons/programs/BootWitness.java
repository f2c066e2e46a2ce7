package org.couchtck.kit.daemons.programs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * Where a daemon reports its boots: the kit's backend, whose request journal is the record of them ({@code POST
 * /couchtck/boots/<name>}, body {@code {"instance": ..., "pid": ...}}). A daemon of a server that started before the
 * kit finds no backend; it runs all the same, unreported.
 */
final class BootWitness {

    /** Where boots of {@code name} are reported, below the backend's base URL. */
    static String bootsPath(String name) {
        return "/couchtck/boots/" + name;
    }

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private final URI backend;

    /** @param backend the backend's base URL, {@code http://127.0.0.1:PORT} */
    BootWitness(URI backend) {
        this.backend = backend;
    }

    /** Reports a boot of instance {@code instance} to {@code url}; false when it could not. */
    static boolean report(HttpClient client, URI url, String instance) {
        ObjectNode body = DaemonChannel.JSON.createObjectNode().put("instance", instance)
                .put("pid", ProcessHandle.current().pid());
        try {
            HttpResponse<Void> response = client.send(HttpRequest.newBuilder(url).timeout(TIMEOUT)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(),
                    HttpResponse.BodyHandlers.discarding());
            return response.statusCode() / 100 == 2;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Reports a boot of {@code name}'s instance {@code instance}; false when it could not. */
    boolean report(String name, String instance) {
        return report(client, backend.resolve(bootsPath(name)), instance);
    }

    /**
     * The instance of {@code name}'s latest boot the backend recorded, from its journal ({@code POST
     * /__admin/requests/find}); empty when there is none or no backend.
     */
    Optional<String> latest(String name) {
        ObjectNode pattern = DaemonChannel.JSON.createObjectNode().put("method", "POST").put("url", bootsPath(name));
        try {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(backend.resolve(
                    "/__admin/requests/find")).timeout(TIMEOUT).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(pattern.toString())).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return Optional.empty();
            }
            String latest = null;
            long latestAt = Long.MIN_VALUE;
            for (JsonNode request : DaemonChannel.JSON.readTree(response.body()).path("requests")) {
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
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
