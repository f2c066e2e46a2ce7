package org.couchtck.kit.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.couchtck.kit.endpoint.HttpFailures;

/** Requests of the endpoint benchmarks: the endpoint's base URI, its admin's Authorization, a timeout per request. */
final class BenchHttp {

    private final HttpClient http;
    private final URI base;
    private final String authorization;
    private final Duration timeout;

    BenchHttp(HttpClient http, URI base, String authorization, Duration timeout) {
        this.http = http;
        this.base = base;
        this.authorization = authorization;
        this.timeout = timeout;
    }

    /**
     * Sends a request and returns the reply's body; a status other than {@code okStatuses}, a failed connection or a
     * timeout is a {@link EndpointBenchmark.BenchException}.
     */
    String send(String method, String path, String body, int... okStatuses) {
        HttpRequest.Builder request = request(path).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            for (int ok : okStatuses) {
                if (response.statusCode() == ok) {
                    return response.body();
                }
            }
            throw new EndpointBenchmark.BenchException(method + " " + path + " answered " + response.statusCode() + ": "
                    + response.body().strip());
        } catch (IOException e) {
            // The JDK's client says null for a refused connection: say what happened in the kit's words.
            throw new EndpointBenchmark.BenchException(method + " " + path + " failed: "
                    + HttpFailures.classified(e, timeout).getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EndpointBenchmark.BenchException("interrupted");
        }
    }

    HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path)).timeout(timeout)
                .header("Accept", "application/json");
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        return builder;
    }

    HttpClient client() {
        return http;
    }
}
