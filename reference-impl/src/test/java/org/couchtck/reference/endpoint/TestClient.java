package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/** A small HTTP client for the endpoint's tests: admin Basic auth, JSON in and out, streams as readers. */
final class TestClient {

    static final ObjectMapper JSON = new ObjectMapper();

    /** A status and a parsed body. */
    record Reply(int status, JsonNode body, HttpResponse<String> raw) {
        String header(String name) {
            return raw.headers().firstValue(name).orElse(null);
        }
    }

    private final URI base;
    private final String authorization;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    TestClient(URI base, String user, String password) {
        this.base = base;
        this.authorization = user == null ? null
                : "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    static TestClient admin(ReferenceEndpoint endpoint) {
        return new TestClient(endpoint.uri(), "admin", "admin");
    }

    Reply get(String path) {
        return send("GET", path, null);
    }

    Reply put(String path, String json) {
        return send("PUT", path, json);
    }

    Reply post(String path, String json) {
        return send("POST", path, json);
    }

    Reply delete(String path) {
        return send("DELETE", path, null);
    }

    Reply send(String method, String path, String json) {
        HttpRequest.Builder request = request(path)
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode body = response.body().isEmpty() ? null : JSON.readTree(response.body());
            return new Reply(response.statusCode(), body, response);
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Any request with the headers given, its response whole and undecoded (whatever its type). */
    HttpResponse<byte[]> raw(String method, String path, java.util.Map<String, String> headers, byte[] body) {
        HttpRequest.Builder request = request(path).method(method, body == null
                ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(request::header);
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Opens a streaming GET; the caller reads lines and closes the reader to hang up. */
    BufferedReader stream(String path, String accept) {
        HttpRequest request = request(path).header("Accept", accept).GET().build();
        try {
            HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            if (response.statusCode() != 200) {
                throw new IllegalStateException(path + " answered " + response.statusCode());
            }
            return new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("GET " + path + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(60));
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        return builder;
    }
}
