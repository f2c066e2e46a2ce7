package org.couchtck.kit.endpoint.generated;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.couchtck.kit.generate.Choices;

/**
 * One request through the endpoint's proxy and the reply the backend is to give, as a seed draws them: a method,
 * a path below {@code /_couchtck_proxy} and a query (percent-encodings, UTF-8, sub-delimiters and trailing slashes
 * among them), headers of the kit's own, a body (sometimes chunked, sometimes large), and the backend's status,
 * headers and body (sometimes chunked, sometimes large). Every part is written as it goes on the wire, so what the
 * backend must receive and what must come back are known exactly.
 *
 * @param method GET, PUT, POST or DELETE
 * @param rest the path after the proxy's name and the query, as sent: {@code ""}, or {@code /...}, or {@code ?...}
 * @param headers the kit's own request headers ({@code X-Couchtck-...}), in order
 * @param contentType the Content-Type of the body, for PUT and POST
 * @param body the request body, for PUT and POST
 * @param chunked whether the body is sent in chunks
 * @param reply what the backend answers
 */
record ProxyExchange(String method, String rest, List<Header> headers, Optional<String> contentType,
        Optional<String> body, boolean chunked, Reply reply) {

    /** The proxy the exchanges go through. */
    static final String PROXY = "/_couchtck_proxy";
    /** The request header that tells the backend how to reply. */
    static final String SCRIPT = "X-Couchtck-Reply";

    /** A header, its name the kit's own ({@code X-Couchtck-...}). */
    record Header(String name, String value) {}

    /**
     * What the backend answers.
     *
     * @param piece the body is this text {@code repeat} times over
     */
    record Reply(int status, List<Header> headers, String piece, int repeat, boolean chunked) {
        String body() {
            return piece.repeat(repeat);
        }
    }

    private static final List<String> METHODS = List.of("GET", "PUT", "POST", "DELETE");
    private static final List<Integer> STATUSES = List.of(200, 201, 202, 203, 204, 400, 401, 403, 404, 409, 412,
            418, 500, 502, 503);
    /** Characters a path segment or a query may hold as they are (RFC 3986 unreserved and sub-delimiters). */
    private static final String PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$'()*,;:@";
    /**
     * Characters that are sent percent-encoded: the delimiters, a space, a percent sign, UTF-8 of every plane (not
     * NUL, which a server may refuse in a URL before any handler sees it).
     */
    private static final List<String> ENCODED = List.of("/", "?", "#", "%", " ", "&", "=", "+", "é", "ß", "漢",
            "😀", "\"", "<");
    private static final String FORM = "application/x-www-form-urlencoded";
    private static final List<String> CONTENT_TYPES = List.of("text/plain; charset=utf-8", "application/json",
            "application/octet-stream", FORM);
    /** A % that starts no percent-encoding. */
    private static final Pattern STRAY_PERCENT = Pattern.compile("%(?![0-9A-Fa-f]{2})");
    /** Writes the script ASCII-only: it travels in a header. */
    private static final ObjectMapper ASCII = JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

    static ProxyExchange generate(Choices c) {
        String method = c.pick(METHODS);
        StringBuilder rest = new StringBuilder();
        List<String> segments = c.list(4, 60, ProxyExchange::segment);
        segments.forEach(s -> rest.append('/').append(s));
        if (c.chance(25)) {
            rest.append('/');
        }
        List<String> query = c.list(3, 40, ProxyExchange::parameter);
        if (!query.isEmpty()) {
            rest.append('?').append(String.join("&", query));
        }
        List<Header> headers = new ArrayList<>();
        int count = c.between(0, 3);
        for (int i = 1; i <= count; i++) {
            headers.add(new Header("X-Couchtck-H" + i, headerValue(c)));
        }
        Optional<String> contentType = Optional.empty();
        Optional<String> body = Optional.empty();
        boolean chunked = false;
        if (method.equals("PUT") || method.equals("POST")) {
            contentType = Optional.of(c.pick(CONTENT_TYPES));
            String piece = text(c, 40);
            if (contentType.get().equals(FORM)) {
                // The kit's backend (WireMock) decodes a form body to log it, and answers 500 itself to a stray %:
                // a fault of the instrument, not of the proxy, so form bodies are valid form encoding.
                piece = STRAY_PERCENT.matcher(piece).replaceAll("%25");
            }
            body = Optional.of(c.chance(10) ? piece.repeat(c.between(100, 2000)) : piece);
            chunked = !body.get().isEmpty() && c.chance(30);
        }
        int status = c.pick(STATUSES);
        List<Header> replyHeaders = new ArrayList<>();
        int replyCount = c.between(0, 2);
        for (int i = 1; i <= replyCount; i++) {
            replyHeaders.add(new Header("X-Couchtck-R" + i, headerValue(c)));
        }
        String piece = status == 204 ? "" : text(c, 30);
        int repeat = !piece.isEmpty() && c.chance(10) ? c.between(100, 2000) : 1;
        boolean replyChunked = !piece.isEmpty() && c.chance(30);
        return new ProxyExchange(method, rest.toString(), headers, contentType, body, chunked,
                new Reply(status, replyHeaders, piece, repeat, replyChunked));
    }

    /**
     * A path segment as sent: plain characters and percent-encoded ones; at least one character, and never dots
     * alone ({@code .} and {@code ..} are dot-segments, which a server may resolve before any handler sees them).
     */
    private static String segment(Choices c) {
        StringBuilder out = new StringBuilder();
        do {
            appendCharacter(c, out);
        } while (c.more(out.length(), 12, 70));
        return out.toString().matches("\\.+") ? out + "d" : out.toString();
    }

    /** {@code key=value}, {@code key=} or {@code key}, each part as sent. */
    private static String parameter(Choices c) {
        StringBuilder out = new StringBuilder();
        do {
            appendCharacter(c, out);
        } while (c.more(out.length(), 6, 60));
        int form = c.between(0, 2);
        if (form > 0) {
            out.append('=');
        }
        if (form == 2) {
            do {
                if (c.chance(10)) {
                    out.append(c.pick(List.of("/", "?", "+")));
                } else {
                    appendCharacter(c, out);
                }
            } while (c.more(out.length(), 16, 70));
        }
        return out.toString();
    }

    private static void appendCharacter(Choices c, StringBuilder out) {
        if (c.chance(25)) {
            for (byte b : c.pick(ENCODED).getBytes(StandardCharsets.UTF_8)) {
                out.append('%').append(String.format("%02X", b & 0xff));
            }
        } else {
            out.append(PLAIN.charAt(c.between(0, PLAIN.length() - 1)));
        }
    }

    /** A header value: visible ASCII and inner spaces. */
    private static String headerValue(Choices c) {
        StringBuilder out = new StringBuilder();
        do {
            out.append((char) c.between(0x21, 0x7e));
            if (c.chance(10)) {
                out.append(' ');
            }
        } while (c.more(out.length(), 24, 80));
        return out.toString().strip();
    }

    /** Text of up to {@code max} characters, ASCII mostly, now and then from further planes. */
    private static String text(Choices c, int max) {
        StringBuilder out = new StringBuilder();
        while (c.more(out.length(), max, 85)) {
            out.appendCodePoint(c.chance(15) ? c.pick(List.of(0xe9, 0x6f22, 0x1f600, 0x0a, 0x22, 0x5c))
                    : c.between(0x20, 0x7e));
        }
        return out.toString();
    }

    /** The request path as sent to the endpoint. */
    String path() {
        return PROXY + rest;
    }

    /** The URL the backend must be asked for: the rest after the proxy's name, with a slash before a bare query. */
    String backendUrl() {
        return rest.startsWith("/") ? rest : "/" + rest;
    }

    /** The {@value #SCRIPT} header that makes the backend answer {@link #reply()}. */
    String script() {
        ObjectNode script = ASCII.createObjectNode().put("status", reply.status());
        ObjectNode headers = script.putObject("headers");
        reply.headers().forEach(h -> headers.put(h.name(), h.value()));
        script.put("body", reply.piece()).put("repeat", reply.repeat()).put("chunked", reply.chunked());
        try {
            return ASCII.writeValueAsString(script);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A body in a line: as a JSON string, cut, with its length when cut. */
    private static String shown(String text) {
        String quoted = org.couchtck.kit.wire.WireJson.write(com.fasterxml.jackson.databind.node.TextNode.valueOf(
                text));
        return quoted.length() <= 80 ? quoted : quoted.substring(0, 80) + "… (" + text.length() + " chars)";
    }

    /** One line for the report: what was sent and what the backend was to answer. */
    String line() {
        StringBuilder line = new StringBuilder(method).append(' ').append(path());
        headers.forEach(h -> line.append(" [").append(h.name()).append(": ").append(h.value()).append(']'));
        contentType.ifPresent(type -> line.append(" [Content-Type: ").append(type).append(']'));
        body.ifPresent(b -> line.append(" body ").append(shown(b)).append(chunked ? " chunked" : ""));
        line.append(" -> backend ").append(reply.status());
        reply.headers().forEach(h -> line.append(" [").append(h.name()).append(": ").append(h.value()).append(']'));
        if (!reply.piece().isEmpty()) {
            line.append(" body ").append(shown(reply.piece()))
                    .append(reply.repeat() > 1 ? " x" + reply.repeat() : "").append(reply.chunked() ? " chunked" : "");
        }
        return line.toString();
    }
}
