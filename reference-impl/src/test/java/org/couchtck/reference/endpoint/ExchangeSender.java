package org.couchtck.reference.endpoint;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.Optional;

/**
 * Sends a recorded request to the reference endpoint: the recorded method, path, body and headers, with the recording's
 * symbolic {@code Authorization} turned into credentials. Streamed responses go through {@link RawHttpExchange} (chunk
 * boundaries and timings); everything else through the JDK client over HTTP/1.1.
 */
final class ExchangeSender {

    /** Request headers the recordings carry (besides Authorization); sent as recorded. */
    private static final List<String> SENT_HEADERS =
            List.of("Content-Type", "Accept", "If-Match", "If-None-Match", "Last-Event-ID");
    /** How much longer than CouchDB a server-ended stream may run before the client gives up on it. */
    static final long STREAM_GRACE_MS = 2_000;
    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    private final URI base;
    private final Credentials admin;
    private final Function<String, Optional<String>> passwords;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /**
     * @param passwords the password of a {@code user:<name>} the scenario created in {@code _users}
     */
    ExchangeSender(URI base, Credentials admin, Function<String, Optional<String>> passwords) {
        this.base = base;
        this.admin = admin;
        this.passwords = passwords;
    }

    /**
     * @param path the recorded path with recorded values replaced by the reference's
     * @param headers the recorded request headers with the same replacement
     */
    ActualResponse send(RecordedScenario.Exchange exchange, String path, Map<String, String> headers)
            throws IOException, InterruptedException {
        Map<String, String> sent = new LinkedHashMap<>();
        authorization(headers.get("Authorization")).ifPresent(a -> sent.put("Authorization", a));
        for (String name : SENT_HEADERS) {
            if (headers.containsKey(name)) {
                sent.put(name, headers.get(name));
            }
        }
        byte[] body = exchange.requestBody().map(b -> b.getBytes(StandardCharsets.UTF_8)).orElse(null);
        if (exchange.isStream()) {
            long window = exchange.endedByServer() ? exchange.endRelMs() + STREAM_GRACE_MS
                    : exchange.closeAfterMillis();
            return RawHttpExchange.send(base, exchange.method(), path, sent, body, window);
        }
        return viaJdkClient(exchange.method(), path, sent, body);
    }

    /** An admin GET that is not part of the recording (to let the endpoint settle before a scenario). */
    ActualResponse adminGet(String path) throws InterruptedException {
        return viaJdkClient("GET", path, Map.of("Authorization", basic(admin.name(), admin.password())), null);
    }

    private ActualResponse viaJdkClient(String method, String path, Map<String, String> headers, byte[] body)
            throws InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(TIMEOUT)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(request::header);
        long sent = System.nanoTime();
        HttpResponse<byte[]> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (HttpTimeoutException e) {
            return ActualResponse.failed("no response within " + TIMEOUT.toSeconds() + " s", relMs(sent));
        } catch (IOException e) {
            return ActualResponse.dropped(String.valueOf(e), relMs(sent));
        }
        Map<String, String> received = new LinkedHashMap<>();
        response.headers().map().forEach((name, values) ->
                received.put(name.toLowerCase(Locale.ROOT), String.join(", ", values)));
        return new ActualResponse(response.statusCode(), Map.copyOf(received),
                new String(response.body(), StandardCharsets.UTF_8), null, true,
                received.containsKey("content-length") ? "content-length" : "last-chunk", relMs(sent), null);
    }

    private Optional<String> authorization(String symbolic) {
        if (symbolic == null || symbolic.equals("none")) {
            return Optional.empty();
        }
        if (symbolic.equals("admin")) {
            return Optional.of(basic(admin.name(), admin.password()));
        }
        if (symbolic.equals("bad")) {
            return Optional.of(basic(admin.name(), "wrong"));
        }
        if (symbolic.startsWith("user:")) {
            String name = symbolic.substring("user:".length());
            String password = passwords.apply(name).orElseThrow(() -> new IllegalStateException(
                    "the scenario never PUT a password for " + name + " into _users"));
            return Optional.of(basic(name, password));
        }
        throw new IllegalStateException("unknown recorded Authorization " + symbolic);
    }

    private static String basic(String name, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((name + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static long relMs(long sentNanos) {
        return (System.nanoTime() - sentNanos) / 1_000_000L;
    }
}
