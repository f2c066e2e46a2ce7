package org.couchtck.kit.endpoint.generated;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.couchtck.kit.endpoint.EndpointTarget;
import org.couchtck.kit.endpoint.EndpointUnreachableException;
import org.couchtck.kit.endpoint.HttpCall;
import org.couchtck.kit.endpoint.HttpReply;
import org.couchtck.kit.endpoint.StandIn;
import org.couchtck.kit.generate.Choices;
import org.couchtck.kit.generate.Counterexample;
import org.couchtck.kit.generate.Property;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.WireJson;

/**
 * {@code http.generated-proxy.transparency}: requests a seed draws ({@link ProxyExchange}) go through the
 * endpoint's {@code /_couchtck_proxy} to the kit's backend, which answers each as the request's script says. What the
 * backend received, read from its journal by a marker header of each request's own, must be what was sent (method,
 * path and query byte for byte, the kit's {@code X-Couchtck-} headers, the body's bytes), and what came back what
 * the backend answered (status, its {@code X-Couchtck-} headers, its body), as couch_httpd_proxy passes them. A
 * standard header a proxy may spell its own way (a Content-Type's charset in capitals) is not compared. The example's lines are its exchanges, one a line.
 */
final class ProxyTransparencyProperty implements Property<List<ProxyExchange>> {

    /** The header that marks a request, so the backend's journal can tell it apart. */
    static final String MARK = "X-Couchtck-Probe";
    private static final int MAX_EXCHANGES = 6;
    private static final int SHOWN = 300;

    /** How an exchange broke the property. */
    private record Mismatch(String message, String expected, String actual) {}

    private final EndpointTarget target;
    private final StandIn backend;
    private final Duration timeout;

    ProxyTransparencyProperty(EndpointTarget target, StandIn backend, Duration timeout) {
        this.target = target;
        this.backend = backend;
        this.timeout = timeout;
    }

    @Override
    public List<ProxyExchange> generate(Choices choices) {
        List<ProxyExchange> exchanges = choices.list(MAX_EXCHANGES - 1, 75, ProxyExchange::generate);
        if (exchanges.isEmpty()) {
            exchanges = List.of(ProxyExchange.generate(choices));
        }
        return exchanges;
    }

    @Override
    public Optional<Counterexample> check(List<ProxyExchange> example, Transcript transcript) {
        List<String> lines = example.stream().map(ProxyExchange::line).toList();
        for (int i = 0; i < example.size(); i++) {
            Optional<Mismatch> mismatch;
            try {
                mismatch = exchange(example.get(i), transcript);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new EndpointUnavailable("the kit was interrupted while the example ran");
            }
            if (mismatch.isPresent()) {
                String message = "exchange " + (i + 1) + " (" + example.get(i).method() + " "
                        + example.get(i).path() + "): " + mismatch.get().message();
                transcript.add(Direction.EVENT, "the property does not hold: " + message);
                return Optional.of(new Counterexample(message, mismatch.get().expected(), mismatch.get().actual(),
                        lines, i));
            }
        }
        return Optional.empty();
    }

    private Optional<Mismatch> exchange(ProxyExchange exchange, Transcript transcript) throws InterruptedException {
        String mark = UUID.randomUUID().toString();
        List<HttpCall.Header> headers = new ArrayList<>();
        exchange.headers().forEach(h -> headers.add(new HttpCall.Header(h.name(), h.value())));
        exchange.contentType().ifPresent(type -> headers.add(new HttpCall.Header("Content-Type", type)));
        headers.add(new HttpCall.Header(MARK, mark));
        headers.add(new HttpCall.Header(ProxyExchange.SCRIPT, exchange.script()));
        target.adminCredentials().ifPresent(admin -> headers.add(new HttpCall.Header("Authorization",
                admin.basicAuthorization())));
        HttpCall call = new HttpCall(exchange.method(), exchange.path(), headers, exchange.body(), timeout,
                exchange.chunked());
        transcript.add(Direction.SENT, exchange.method() + " " + exchange.path() + exchange.headers().stream()
                .map(h -> "\n" + h.name() + ": " + h.value()).reduce("", String::concat) + "\n" + MARK + ": " + mark
                + (exchange.chunked() ? "\nTransfer-Encoding: chunked" : "")
                + exchange.body().map(b -> "\n\n" + Requests.cut(b, SHOWN)).orElse(""));
        HttpReply reply;
        try {
            reply = target.send(call);
        } catch (EndpointUnreachableException e) {
            throw new EndpointUnavailable("the endpoint " + target.baseUri() + " is unreachable: " + e.getMessage(),
                    transcript);
        } catch (IOException e) {
            transcript.add(Direction.EVENT, "no reply: " + e.getMessage());
            return Optional.of(new Mismatch("no reply: " + e.getMessage(), "a reply", "(no reply)"));
        }
        transcript.add(Direction.RECEIVED, reply.status() + reply.headers().map().entrySet().stream()
                .map(h -> "\n" + h.getKey() + ": " + String.join(", ", h.getValue())).reduce("", String::concat)
                + "\n\n" + Requests.cut(reply.body(), SHOWN));
        if (reply.incomplete().isPresent()) {
            return Optional.of(new Mismatch("an incomplete reply: " + reply.incomplete().get(), "a whole reply",
                    reply.status() + " " + Requests.cut(reply.body())));
        }
        List<JsonNode> received = received(mark, transcript);
        if (received.isEmpty()) {
            String answered = reply.status() + " " + Requests.cut(reply.body().strip(), 120);
            return Optional.of(new Mismatch("the backend never received the request; the endpoint answered "
                    + answered, "the request at the backend", answered));
        }
        if (received.size() > 1) {
            return Optional.of(new Mismatch("the backend received the request " + received.size() + " times",
                    "once", received.size() + " times"));
        }
        return request(exchange, received.get(0)).or(() -> reply(exchange, reply));
    }

    /** What the backend received must be what was sent. */
    private static Optional<Mismatch> request(ProxyExchange exchange, JsonNode received) {
        String method = received.path("method").asText();
        if (!method.equals(exchange.method())) {
            return Optional.of(new Mismatch("the backend received method " + method, exchange.method(), method));
        }
        String url = received.path("url").asText();
        if (!url.equals(exchange.backendUrl())) {
            return Optional.of(new Mismatch("the backend was asked for " + url + " where " + exchange.backendUrl()
                    + " was due", exchange.backendUrl(), url));
        }
        for (ProxyExchange.Header header : exchange.headers()) {
            Optional<String> value = header(received.path("headers"), header.name());
            if (!value.equals(Optional.of(header.value()))) {
                return Optional.of(new Mismatch("the backend received header " + header.name() + " as "
                        + value.orElse("(none)"), header.value(), value.orElse("(none)")));
            }
        }
        byte[] sent = exchange.body().orElse("").getBytes(StandardCharsets.UTF_8);
        byte[] got = Base64.getDecoder().decode(received.path("bodyAsBase64").asText(""));
        if (!Arrays.equals(sent, got)) {
            String gotText = new String(got, StandardCharsets.UTF_8);
            return Optional.of(new Mismatch("the backend received a body of " + got.length + " bytes where "
                    + sent.length + " were sent" + (sent.length == got.length ? ", other bytes" : ""),
                    Requests.cut(exchange.body().orElse("")), Requests.cut(gotText)));
        }
        return Optional.empty();
    }

    /** What came back must be what the backend answered. */
    private static Optional<Mismatch> reply(ProxyExchange exchange, HttpReply reply) {
        ProxyExchange.Reply script = exchange.reply();
        if (reply.status() != script.status()) {
            return Optional.of(new Mismatch("the reply's status is " + reply.status() + " where the backend "
                    + "answered " + script.status(), Integer.toString(script.status()),
                    Integer.toString(reply.status())));
        }
        for (ProxyExchange.Header header : script.headers()) {
            String value = String.join(", ", reply.headers().allValues(header.name()));
            if (!value.equals(header.value())) {
                return Optional.of(new Mismatch("the reply's header " + header.name() + " is "
                        + (value.isEmpty() ? "missing" : value) + " where the backend sent " + header.value(),
                        header.value(), value.isEmpty() ? "(none)" : value));
            }
        }
        String body = script.body();
        if (!reply.body().equals(body)) {
            return Optional.of(new Mismatch("the reply's body (" + reply.body().length() + " chars) is not the "
                    + "backend's (" + body.length() + " chars)", Requests.cut(body), Requests.cut(reply.body())));
        }
        return Optional.empty();
    }

    /** The first value of header {@code name} (any case) in a journal entry's headers, repeated values joined. */
    private static Optional<String> header(JsonNode headers, String name) {
        for (Iterator<Map.Entry<String, JsonNode>> it = headers.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> header = it.next();
            if (header.getKey().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                JsonNode value = header.getValue();
                if (value.isArray()) {
                    List<String> values = new ArrayList<>();
                    value.forEach(v -> values.add(v.asText()));
                    return Optional.of(String.join(", ", values));
                }
                return Optional.of(value.asText());
            }
        }
        return Optional.empty();
    }

    /** The backend's journal entries of the request marked {@code mark}. */
    private List<JsonNode> received(String mark, Transcript transcript) throws InterruptedException {
        ObjectNode pattern = WireJson.mapper().createObjectNode();
        pattern.putObject("headers").putObject(MARK).put("equalTo", mark);
        HttpCall find = new HttpCall("POST", "/__admin/requests/find", List.of(new HttpCall.Header("Content-Type",
                "application/json")), Optional.of(WireJson.write(pattern)), timeout);
        try {
            HttpReply found = backend.send(find);
            JsonNode requests = WireJson.parse(found.body()).path("requests");
            List<JsonNode> all = new ArrayList<>();
            requests.forEach(all::add);
            all.forEach(r -> transcript.add(Direction.EVENT, "the backend received: " + r.path("method").asText()
                    + " " + r.path("url").asText() + " (" + r.path("bodyAsBase64").asText("").length() * 3 / 4
                    + " bytes of body, about)"));
            return all;
        } catch (IOException | org.couchtck.kit.wire.MalformedLineException e) {
            throw new EndpointUnavailable("the kit's backend did not answer what it received: " + e.getMessage());
        }
    }
}
