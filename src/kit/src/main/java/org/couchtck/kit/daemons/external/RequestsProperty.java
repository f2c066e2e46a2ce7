package org.couchtck.kit.daemons.external;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.check.MatchResult;
import org.couchtck.kit.check.Matchers;
import org.couchtck.kit.daemons.external.RequestObjects.RequestObject;
import org.couchtck.kit.generate.Choices;
import org.couchtck.kit.generate.Counterexample;
import org.couchtck.kit.generate.Property;
import org.couchtck.kit.process.Exchange;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.process.TargetStartException;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.WireJson;

/**
 * A property of a handler over an example of two to four generated requests written to one process: each reply is
 * one CouchDB accepts (so the handler answered them all, which a handler that exits after its first request cannot),
 * and, for {@link Kind#ECHO}, the echoed object equals the one written.
 */
final class RequestsProperty implements Property<List<RequestObject>> {

    /** What the property asks of each reply. */
    enum Kind {
        /** A reply CouchDB accepts (the MUST rules). */
        ACCEPTED,
        /** That, and {@code json.request} equal to the request object written. */
        ECHO
    }

    /** No handler could be started: the property cannot be checked. */
    static final class HandlerUnavailable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        HandlerUnavailable(String message) {
            super(message);
        }
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final HandlerProcesses handlers;
    private final Duration timeout;
    private final Kind kind;

    RequestsProperty(HandlerProcesses handlers, Duration timeout, Kind kind) {
        this.handlers = handlers;
        this.timeout = timeout;
        this.kind = kind;
    }

    @Override
    public List<RequestObject> generate(Choices choices) {
        List<RequestObject> requests = new ArrayList<>();
        requests.add(object(choices));
        requests.add(object(choices));
        requests.addAll(choices.list(2, 40, RequestsProperty::object));
        return requests;
    }

    private static RequestObject object(Choices choices) {
        return RequestObjects.build(RequestGenerator.request(choices), RequestGenerator.uuid(choices));
    }

    @Override
    public Optional<Counterexample> check(List<RequestObject> example, Transcript transcript) {
        StdioServer handler;
        try {
            handler = handlers.handlerFor(false, transcript);
        } catch (TargetStartException e) {
            throw new HandlerUnavailable(e.getMessage());
        }
        List<String> lines = example.stream().map(RequestObject::line).toList();
        for (int i = 0; i < example.size(); i++) {
            Exchange exchange = handler.exchange(lines.get(i), timeout);
            if (exchange.outcome() != Exchange.Outcome.REPLY) {
                return Optional.of(new Counterexample("request " + (i + 1) + " of " + lines.size() + " got no reply: "
                        + exchange.describe(), "a reply CouchDB accepts", "", lines.subList(0, i + 1), i));
            }
            String reply = exchange.reply().orElseThrow();
            List<ReplyRules.Problem> problems = ReplyRules.atLevel(ReplyRules.check(reply), Level.MUST);
            if (!problems.isEmpty()) {
                return Optional.of(new Counterexample("request " + (i + 1) + ": " + problems.get(0).message(),
                        "a reply CouchDB accepts", reply, lines.subList(0, i + 1), i));
            }
            if (kind == Kind.ECHO) {
                Optional<String> wrong = echoMismatch(example.get(i), reply);
                if (wrong.isPresent()) {
                    return Optional.of(new Counterexample("request " + (i + 1) + ": " + wrong.get(),
                            WireJson.write(example.get(i).object()), reply, lines.subList(0, i + 1), i));
                }
            }
        }
        return Optional.empty();
    }

    /** Why {@code reply} is not the echo of {@code request}, if it is not. */
    static Optional<String> echoMismatch(RequestObject request, String reply) {
        JsonNode echoed = WireJson.tryParse(reply).map(r -> r.path("json").path("request")).orElse(null);
        if (echoed == null || echoed.isMissingNode()) {
            return Optional.of("the reply has no json.request");
        }
        MatchResult match = Matchers.compile(NODES.objectNode().set("$literal", request.object()))
                .match(Optional.of(echoed));
        return match.matched() ? Optional.empty()
                : Optional.of("the echo differs at " + (match.pointer().isEmpty() ? "the top" : match.pointer())
                        + ": " + match.message());
    }

    /** Whether {@code reply} is an echo at all: {@code {"json": {"request": {...}}}}. */
    static boolean isEcho(String reply) {
        return WireJson.tryParse(reply).map(r -> r.path("json").path("request").isObject()).orElse(false);
    }
}
