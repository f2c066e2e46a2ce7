package org.couchtck.reference.endpoint;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** {@code Location} headers: absolute URLs on the host the client addressed. */
final class Locations {

    private Locations() {}

    static String of(ApiRequest request, String... segments) {
        StringBuilder url = new StringBuilder("http://").append(request.header("Host").orElse("127.0.0.1"));
        for (String s : segments) {
            url.append('/').append(URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20")
                    .replace("%3A", ":"));
        }
        return url.toString();
    }
}
