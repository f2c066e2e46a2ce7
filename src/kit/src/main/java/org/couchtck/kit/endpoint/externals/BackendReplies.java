package org.couchtck.kit.endpoint.externals;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.HttpHeader;
import com.github.tomakehurst.wiremock.http.HttpHeaders;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.couchtck.kit.wire.WireJson;

/**
 * How the kit's backend answers ({@link KitBackend}): a request with an {@value #SCRIPT} header gets the reply that
 * header describes, a boot report ({@code POST /couchtck/boots/<name>}) gets {@code {"ok":true}}, and any other
 * request an echo of itself as the backend received it. So a case says in its own request what the backend must
 * answer, and sees in the reply what reached the backend.
 */
final class BackendReplies implements ResponseDefinitionTransformerV2 {

    static final String NAME = "couchtck-backend";
    /**
     * The request header that scripts the reply: a JSON object with {@code status} (default 200), {@code headers}
     * (name to a string, or to an array of strings for a header given more than once), {@code body} (text, sent as
     * UTF-8; default empty), {@code repeat} (the body that many times over, for a body too big for a header; default
     * 1) and {@code chunked} (true: the body goes out in chunks, without a Content-Length).
     */
    static final String SCRIPT = "X-Couchtck-Reply";
    /** The header an echo reply carries, so a case can tell the backend's echo from anything else. */
    static final String ECHO_MARK = "X-Couchtck-Backend";
    static final String BOOTS_PREFIX = "/couchtck/boots/";
    /** What an echo shows of a header that carries credentials. */
    static final String REDACTED = "(redacted)";
    private static final Set<String> SECRET = Set.of("authorization", "cookie", "proxy-authorization");
    /** A chunked reply's body goes out in this many pieces, over this many ms in all. */
    private static final int CHUNKS = 3;
    private static final int CHUNKS_MILLIS = 30;

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public boolean applyGlobally() {
        return true;
    }

    @Override
    public ResponseDefinition transform(ServeEvent serveEvent) {
        Request request = serveEvent.getRequest();
        String script = request.getHeader(SCRIPT);
        if (script != null) {
            return scripted(script);
        }
        if (request.getMethod().value().equals("POST") && request.getUrl().startsWith(BOOTS_PREFIX)) {
            return json(200, "{\"ok\":true}");
        }
        byte[] body = WireJson.write(echo(request)).getBytes(StandardCharsets.UTF_8);
        return aResponse().withStatus(200).withHeader("Content-Type", "application/json")
                .withHeader(ECHO_MARK, "echo").withHeader("Content-Length", Integer.toString(body.length))
                .withBody(body).build();
    }

    /**
     * What the backend received: {@code method}, {@code url} (path and query as they came, still percent-encoded),
     * {@code headers} (each name in lowercase to its value, the values of a repeated header joined by {@code ", "};
     * credentials, {@code Authorization} and {@code Cookie}'s, as {@value #REDACTED}: an echo ends up in reports),
     * {@code body} (as UTF-8 text) and {@code chunked} (whether it came with {@code Transfer-Encoding: chunked}).
     */
    static ObjectNode echo(Request request) {
        ObjectNode echo = WireJson.mapper().createObjectNode();
        echo.put("method", request.getMethod().value());
        echo.put("url", request.getUrl());
        Map<String, String> headers = new TreeMap<>();
        for (HttpHeader header : request.getHeaders().all()) {
            String name = header.key().toLowerCase(Locale.ROOT);
            headers.merge(name, SECRET.contains(name) ? REDACTED : String.join(", ", header.values()),
                    (a, b) -> a + ", " + b);
        }
        ObjectNode headerNode = echo.putObject("headers");
        headers.forEach(headerNode::put);
        byte[] body = request.getBody();
        echo.put("body", body == null ? "" : new String(body, StandardCharsets.UTF_8));
        echo.put("chunked", String.join(",", request.getHeaders().getHeader("Transfer-Encoding").isPresent()
                ? request.getHeaders().getHeader("Transfer-Encoding").values() : List.of())
                .toLowerCase(Locale.ROOT).contains("chunked"));
        return echo;
    }

    private static ResponseDefinition scripted(String text) {
        JsonNode script = WireJson.tryParse(text).orElse(null);
        if (script == null || !script.isObject()) {
            return json(400, "{\"error\":\"bad_script\",\"reason\":\"" + SCRIPT + " is not a JSON object\"}");
        }
        List<HttpHeader> headers = new ArrayList<>();
        script.path("headers").properties().forEach(header -> {
            List<String> values = new ArrayList<>();
            if (header.getValue().isArray()) {
                header.getValue().forEach(value -> values.add(value.asText()));
            } else {
                values.add(header.getValue().asText());
            }
            headers.add(new HttpHeader(header.getKey(), values));
        });
        byte[] body = script.path("body").asText("").repeat(Math.max(0, script.path("repeat").asInt(1)))
                .getBytes(StandardCharsets.UTF_8);
        boolean chunked = script.path("chunked").asBoolean(false);
        if (!chunked && headers.stream().noneMatch(h -> h.keyEquals("Content-Length"))) {
            headers.add(new HttpHeader("Content-Length", Integer.toString(body.length)));
        }
        ResponseDefinitionBuilder reply = aResponse().withStatus(script.path("status").asInt(200))
                .withHeaders(new HttpHeaders(headers)).withBody(body);
        if (chunked) {
            // written in pieces with a flush between them, the body cannot go out with a Content-Length
            reply.withChunkedDribbleDelay(CHUNKS, CHUNKS_MILLIS);
        }
        return reply.build();
    }

    private static ResponseDefinition json(int status, String body) {
        return aResponse().withStatus(status).withHeader("Content-Type", "application/json")
                .withHeader("Content-Length", Integer.toString(body.length())).withBody(body).build();
    }
}
