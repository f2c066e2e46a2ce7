package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.couchtck.reference.erlang.ErlangTermFormatter;
import org.couchtck.reference.erlang.ErlangTermFormatter.Tuple;

/**
 * {@code /_name[/rest][?query]} configured as a proxy ({@code {couch_httpd_proxy, handle_proxy_req, <<"URL">>}}), as
 * CouchDB 2.2.0 served it: the request goes to URL + rest + query with the client's method, HTTP version, headers
 * (Host included, as sent) and body, streamed; the backend's status, headers (its URLs moved under {@code /_name}, see
 * {@link ProxyLocations}) and body come back streamed, chunk by chunk. A backend that cannot be reached is 500 {@code
 * {"error":"error","reason":"{conn_failed,{error,econnrefused}}"}}. Nothing times out, as nothing did in CouchDB;
 * closing the route ends every exchange in flight.
 */
final class ProxyRoute implements AutoCloseable {

    /** Methods whose body couch_httpd_proxy:get_body never sends. */
    private static final Set<String> BODILESS = Set.of("GET", "HEAD", "DELETE");

    private final Set<BackendExchange> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /**
     * Forwards {@code request} and relays the answer.
     *
     * @param version the client's HTTP version, {@code HTTP/1.0} or {@code HTTP/1.1}, which the backend is spoken to
     * @param body the request body as it arrives
     * @param localAuthority this server's {@code host:port}, for a request that names no Host
     */
    void forward(ApiRequest request, String version, InputStream body, ApiResponse response,
            ConfiguredHandlers.Proxy proxy, String localAuthority) throws IOException {
        String origin = origin(request, localAuthority);
        String prefix = "/" + request.segment(0);
        String requested = request.rawPath() + (request.rawQuery() == null ? "" : "?" + request.rawQuery());
        ProxyUrl target = target(proxy, origin, prefix, requested);
        response.withoutRequestHeaders();
        String method = request.method().toUpperCase(Locale.ROOT);
        BackendExchange backend = connect(target);
        try (backend) {
            List<Map.Entry<String, String>> headers = new ArrayList<>(MochiwebHeaders.ofRequest(request.headerFields()));
            Optional<String> length = request.header("Content-Length");
            boolean chunked = request.header("Transfer-Encoding").map(BackendExchange::chunked).orElse(false);
            boolean sendsBody = !BODILESS.contains(method);
            if (sendsBody && length.isEmpty() && !chunked) {
                // ibrowse announces the empty body it sends
                headers.add(0, Map.entry("Content-Length", "0"));
            }
            backend.sendHead(method, target.target(), version, headers);
            if (sendsBody && chunked) {
                backend.sendChunked(body);
            } else if (sendsBody && length.isPresent()) {
                backend.sendBody(body, Long.parseLong(length.get().trim()));
            }
            BackendExchange.Head head;
            try {
                head = backend.readHead();
            } catch (EOFException closedEarly) {
                // CouchDB waited for headers that never came; the reference answers instead of hanging
                throw new CouchError(500, "error", "connection_closed");
            }
            if (proxy.destination().startsWith("/") && proxy.binary()) {
                // get_urls hands the binary to absolute_uri, which takes only a list: after the backend answered
                throw CouchError.badRequest("path must begin with a /.");
            }
            relay(request, response, backend, head, ProxyUrl.parse(origin + prefix).orElseThrow(),
                    destination(proxy, origin));
        } finally {
            open.remove(backend);
        }
    }

    private void relay(ApiRequest request, ApiResponse response, BackendExchange backend, BackendExchange.Head head,
            ProxyUrl source, Optional<ProxyUrl> destination) throws IOException {
        List<Map.Entry<String, String>> fixed = destination
                .map(d -> ProxyLocations.fix(source, d, head.headers())).orElse(head.headers());
        boolean chunked = head.header("Transfer-Encoding").map(BackendExchange::chunked).orElse(false);
        long length = chunked ? -1 : head.header("Content-Length").map(ProxyRoute::length).orElse(-1L);
        List<Map.Entry<String, String>> relayed = new ArrayList<>();
        for (Map.Entry<String, String> h : fixed) {
            String name = h.getKey().toLowerCase(Locale.ROOT);
            if (!name.equals("transfer-encoding") && !name.equals("content-length")) {
                relayed.add(h);
            }
        }
        boolean bodiless = request.method().equalsIgnoreCase("HEAD") || head.status() == 204
                || head.status() == 304 || head.status() < 200;
        if (!chunked && length < 0 && !bodiless
                && relayed.stream().noneMatch(h -> h.getKey().equalsIgnoreCase("Connection"))) {
            // a body that ends with the connection: mochiweb closes the client's too (force_close)
            relayed.add(Map.entry("Connection", "close"));
        }
        ApiResponse.Stream stream = response.relay(head.status(), MochiwebHeaders.merged(relayed), length);
        if (!bodiless) {
            if (chunked) {
                backend.readChunked(stream::write);
            } else if (length >= 0) {
                backend.readLength(length, stream::write);
            } else {
                backend.readToEnd(stream::write);
            }
        }
        stream.end();
    }

    /** get_url: the destination, then the rest of the requested path after {@code /_name}, query included. */
    private static ProxyUrl target(ConfiguredHandlers.Proxy proxy, String origin, String prefix, String requested) {
        String base = proxy.destination().startsWith("/") ? origin + proxy.destination() : proxy.destination();
        if (!requested.startsWith(prefix)) {
            // the prefix comes from the decoded path, the requested path is as sent
            throw new CouchError(500, "invalid_url_path", ErlangTermFormatter.print(
                    Tuple.of(chars(prefix), chars(requested)), 0));
        }
        String rest = requested.substring(prefix.length());
        String url = rest.isEmpty() ? base
                : withoutTrailingSlashes(base) + "/" + (rest.startsWith("/") ? rest.substring(1) : rest);
        return ProxyUrl.parse(url).filter(u -> u.protocol().equals("http") || u.protocol().equals("https"))
                .orElseThrow(() -> new CouchError(500, "error", "invalid_uri"));
    }

    /** get_urls: the destination as configured, or, when that is no URL, on this server. */
    private static Optional<ProxyUrl> destination(ConfiguredHandlers.Proxy proxy, String origin) {
        return ProxyUrl.parse(proxy.destination()).or(() -> ProxyUrl.parse(origin + proxy.destination()));
    }

    private BackendExchange connect(ProxyUrl target) {
        if (closed) {
            throw new CouchError(500, "unknown_error", "the endpoint is stopping");
        }
        BackendExchange exchange;
        try {
            exchange = BackendExchange.open(target);
        } catch (IOException e) {
            throw new CouchError(500, "error", ErlangTermFormatter.print(
                    Tuple.of("conn_failed", Tuple.of("error", reason(e))), 0));
        }
        open.add(exchange);
        if (closed) {
            // close() may have run between the connect and the add
            close();
        }
        return exchange;
    }

    /** inet's reason for a failed connect, as ibrowse reports it. */
    private static Object reason(IOException e) {
        if (e instanceof ConnectException) {
            return "econnrefused";
        }
        if (e instanceof UnknownHostException) {
            return "nxdomain";
        }
        if (e instanceof SocketTimeoutException) {
            return "timeout";
        }
        if (e instanceof NoRouteToHostException) {
            return "ehostunreach";
        }
        return TextNode.valueOf(String.valueOf(e.getMessage()));
    }

    /**
     * couch_httpd:absolute_uri's scheme and host: https when X-Forwarded-Ssl is "on" or X-Forwarded-Proto "https";
     * the host of X-Forwarded-Host, else Host, else this server's address.
     */
    static String origin(ApiRequest request, String localAuthority) {
        boolean https = request.header("X-Forwarded-Ssl").map("on"::equals).orElse(false)
                || request.header("X-Forwarded-Proto").map("https"::equals).orElse(false);
        String host = request.header("X-Forwarded-Host").or(() -> request.header("Host")).orElse(localAuthority);
        return (https ? "https" : "http") + "://" + host;
    }

    private static String withoutTrailingSlashes(String url) {
        int end = url.length();
        while (end > 0 && " \t\r\n/".indexOf(url.charAt(end - 1)) >= 0) {
            end--;
        }
        return url.substring(0, end);
    }

    private static Long length(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return -1L;
        }
    }

    private static List<JsonNode> chars(String s) {
        List<JsonNode> out = new ArrayList<>();
        s.codePoints().forEach(c -> out.add(JsonNodeFactory.instance.numberNode(c)));
        return out;
    }

    /** Ends every exchange in flight. */
    @Override
    public void close() {
        closed = true;
        for (BackendExchange exchange : open) {
            try {
                exchange.close();
            } catch (IOException ignored) {
                // closing is all that was asked
            }
        }
    }
}
