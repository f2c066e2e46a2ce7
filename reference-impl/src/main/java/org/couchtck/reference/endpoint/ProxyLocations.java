package org.couchtck.reference.endpoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The backend's URLs in a proxied response made to point at the proxy (couch_httpd_proxy:fix_headers and
 * rewrite_location): Location, Content-Location, Uri and Destination that name the destination's scheme, host and port
 * move under the proxy's path ({@code http://backend/foo} becomes {@code http://couch/_proxy/foo}); a URL of another
 * server stays; anything that is no URL is taken as a path under the proxy's. Set-Cookie and the rest pass untouched.
 */
final class ProxyLocations {

    private static final Set<String> REWRITTEN = Set.of("location", "content-location", "uri", "destination");

    private ProxyLocations() {}

    /**
     * @param source the proxy's own URL, {@code scheme://host/_name}
     * @param destination the configured destination
     */
    static List<Map.Entry<String, String>> fix(ProxyUrl source, ProxyUrl destination,
            List<Map.Entry<String, String>> headers) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        for (Map.Entry<String, String> h : headers) {
            out.add(REWRITTEN.contains(h.getKey().toLowerCase(Locale.ROOT))
                    ? Map.entry(h.getKey(), rewrite(source, destination, h.getValue())) : h);
        }
        return out;
    }

    static String rewrite(ProxyUrl source, ProxyUrl destination, String value) {
        Optional<ProxyUrl> location = ProxyUrl.parse(value);
        if (location.isEmpty()) {
            return source.withPath(join(source.path(), value)).toString();
        }
        if (!location.get().sameServer(destination)) {
            return value;
        }
        return source.withPath(join(source.path(), location.get().path())).toString();
    }

    /** join_url_path: one slash between the two, whatever each brought. */
    static String join(String source, String destination) {
        String head = source.endsWith("/") ? source.substring(0, source.length() - 1) : source;
        String tail = destination.startsWith("/") ? destination.substring(1) : destination;
        return head + "/" + tail;
    }
}
