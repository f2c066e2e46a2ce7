package org.couchtck.kit.endpoint;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A request the executor sent, in the terms of the recordings: who it was sent as ({@code admin}, {@code none},
 * {@code bad}, {@code user:<name>}) and its other headers by lowercase name.
 *
 * @param method the HTTP method
 * @param path path and query as sent
 * @param auth who sent it, written as the recordings write it
 * @param headers every header but Authorization, lowercase name to value
 * @param body the body, if any
 */
record SentRequest(String method, String path, String auth, Map<String, String> headers, Optional<String> body) {

    static SentRequest of(HttpCall call, Credentials admin) {
        Map<String, String> headers = new TreeMap<>();
        call.headers().stream().filter(h -> !h.name().equalsIgnoreCase("Authorization"))
                .forEach(h -> headers.put(h.name().toLowerCase(Locale.ROOT), h.value()));
        return new SentRequest(call.method(), call.path(), symbolicAuth(call.header("Authorization"), admin), headers,
                call.body().filter(b -> !b.isEmpty()));
    }

    /** {@code METHOD path}. */
    String shown() {
        return method + " " + path;
    }

    /** The recorded headers of {@code exchange} but Authorization, lowercase name to value. */
    static Map<String, String> recordedHeaders(RecordedExchange exchange) {
        Map<String, String> headers = new TreeMap<>();
        exchange.headers().forEach((name, value) -> {
            if (!name.equalsIgnoreCase("Authorization")) {
                headers.put(name.toLowerCase(Locale.ROOT), value);
            }
        });
        return headers;
    }

    /** The recorded Authorization of {@code exchange} ({@code none} when it has none). */
    static String recordedAuth(RecordedExchange exchange) {
        return exchange.headers().entrySet().stream().filter(h -> h.getKey().equalsIgnoreCase("Authorization"))
                .map(Map.Entry::getValue).findFirst().orElse("none");
    }

    /** Who a request with {@code authorization} was sent as, in the recordings' symbols. */
    static String symbolicAuth(Optional<String> authorization, Credentials admin) {
        if (authorization.isEmpty()) {
            return "none";
        }
        String value = authorization.get();
        if (!value.regionMatches(true, 0, "Basic ", 0, 6)) {
            return "other:" + value;
        }
        String decoded = new String(Base64.getDecoder().decode(value.substring(6).trim()), StandardCharsets.UTF_8);
        int colon = decoded.indexOf(':');
        String user = colon < 0 ? decoded : decoded.substring(0, colon);
        String password = colon < 0 ? "" : decoded.substring(colon + 1);
        if (user.equals(admin.user())) {
            return password.equals(admin.password()) ? "admin" : "bad";
        }
        if (user.startsWith(CallRenderer.UNKNOWN_USER_PREFIX)) {
            // the recordings sent the admin's name with a wrong password; the kit makes a name up instead (lockout)
            return "bad";
        }
        return "user:" + user;
    }
}
