package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.net.http.HttpHeaders;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.couchtck.kit.check.MatchResult;
import org.couchtck.kit.check.MatchScope;
import org.couchtck.kit.check.Matcher;
import org.couchtck.kit.check.MatcherSyntaxException;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.WireJson;

/**
 * Checks what came against a step's expectations; the first broken one is a {@link StepFailure} whose message says
 * which step, which part, what was expected and what came.
 */
final class StepJudge {

    private static final int SHOWN = 200;

    private StepJudge() {
    }

    /**
     * Checks a request step's reply: status, headers, that the body came whole, body as JSON, body as text, in that
     * order; once all hold, the revisions they bound ({@code $rev} with {@code as}) are bound in {@code bindings}
     * too.
     *
     * @return the names bound, with their values
     */
    static Map<String, JsonNode> reply(String step, ReplyExpectation expect, HttpReply reply, Bindings bindings)
            throws StepFailure {
        MatchScope scope = bindings.scope();
        head(step, expect.status(), expect.headers(), reply.status(), reply.headers(), bindings, "", scope);
        if (reply.incomplete().isPresent()) {
            throw new StepFailure(step + ": no complete reply: " + reply.incomplete().get(), "a complete reply",
                    cut(reply.body()));
        }
        if (expect.body().isPresent()) {
            value(step, "body", expect.body().get(), json(step, reply.body()), bindings, "", scope);
        }
        if (expect.bodyText().isPresent()) {
            value(step, "body text", expect.bodyText().get(), Optional.of(TextNode.valueOf(reply.body())), bindings,
                    "", scope);
        }
        return bindings.commit(scope);
    }

    /**
     * Checks what a feed delivered, in the order of {@link FeedExpectation}'s parts; once all hold, the revisions they
     * bound are bound in {@code bindings} too.
     *
     * @return the names bound, with their values
     */
    static Map<String, JsonNode> feed(String step, FeedExpectation expect, ResponseHead head, FeedResult result,
            Bindings bindings) throws StepFailure {
        MatchScope scope = bindings.scope();
        head(step, expect.status(), expect.headers(), head.status(), head.headers(), bindings, "", scope);
        String context = " (" + result.stopped() + ")";
        if (result.problem().isPresent()) {
            throw new StepFailure(step + ": " + result.problem().get(), "a feed of well-formed lines",
                    cut(result.bodyText()));
        }
        if (expect.events().isPresent()) {
            if (result.events().isEmpty()) {
                throw new StepFailure(step + ": events: none known, the body " + (result.body().isPresent()
                        ? "has no results array" : "did not end as one JSON document") + context,
                        expect.events().get().template().toString(), cut(result.bodyText()));
            }
            value(step, "events", expect.events().get(), Optional.of(result.events().get()), bindings, context,
                    scope);
        }
        if (expect.heartbeats().isPresent()) {
            value(step, "heartbeats", expect.heartbeats().get(), Optional.of(IntNode.valueOf(result.heartbeats())),
                    bindings, context, scope);
        }
        if (expect.ended().isPresent() && expect.ended().get() != result.ended()) {
            throw new StepFailure(step + ": ended: expected " + (expect.ended().get() == FeedEnd.SERVER
                    ? "the server to end the response" : "the response to stay open until the kit closed it")
                    + ", but " + result.stopped(), expect.ended().get().id(), result.ended().id());
        }
        if (expect.lastSeq().isPresent()) {
            value(step, "lastSeq", expect.lastSeq().get(), result.lastSeq(), bindings, context, scope);
        }
        if (expect.lastLine().isPresent()) {
            value(step, "lastLine", expect.lastLine().get(), result.lastLine(), bindings, context, scope);
        }
        if (expect.body().isPresent()) {
            value(step, "body", expect.body().get(), result.body(), bindings, context, scope);
        }
        if (expect.bodyText().isPresent()) {
            value(step, "body text", expect.bodyText().get(), Optional.of(TextNode.valueOf(result.bodyText())),
                    bindings, context, scope);
        }
        if (expect.broken().isPresent()) {
            value(step, "broken", expect.broken().get(), result.broken().map(TextNode::valueOf), bindings, context,
                    scope);
        }
        Map<String, JsonNode> bound = bindings.commit(scope);
        if (!expect.anyOf().isEmpty()) {
            Map<String, JsonNode> all = new java.util.LinkedHashMap<>(bound);
            all.putAll(anyOf(step, expect.anyOf(), head, result, bindings));
            return all;
        }
        return bound;
    }

    /** At least one of {@code alternatives} holds; else a failure that says why each did not. */
    private static Map<String, JsonNode> anyOf(String step, List<FeedExpectation> alternatives, ResponseHead head,
            FeedResult result, Bindings bindings) throws StepFailure {
        List<String> why = new ArrayList<>();
        for (int i = 0; i < alternatives.size(); i++) {
            try {
                return feed(step, alternatives.get(i), head, result, bindings);
            } catch (StepFailure failure) {
                String message = failure.getMessage();
                why.add("(" + (i + 1) + ") " + (message.startsWith(step + ": ")
                        ? message.substring(step.length() + 2) : message));
            }
        }
        throw new StepFailure(step + ": none of the " + alternatives.size() + " alternatives holds: "
                + String.join("; ", why), "one of " + alternatives.size() + " alternatives", cut(result.bodyText()));
    }

    private static void head(String step, Optional<Expected> status, Map<String, Expected> headers, int actualStatus,
            HttpHeaders actualHeaders, Bindings bindings, String context, MatchScope scope) throws StepFailure {
        if (status.isPresent()) {
            value(step, "status", status.get(), Optional.of(IntNode.valueOf(actualStatus)), bindings, context, scope);
        }
        for (Map.Entry<String, Expected> header : headers.entrySet()) {
            value(step, "header " + header.getKey(), header.getValue(),
                    actualHeaders.firstValue(header.getKey()).map(TextNode::valueOf), bindings, context, scope);
        }
    }

    /** Checks one value; an absent {@code actual} is a missing header, last_seq or body. */
    static void value(String step, String part, Expected expected, Optional<JsonNode> actual, Bindings bindings,
            String context, MatchScope scope) throws StepFailure {
        Matcher matcher;
        try {
            matcher = expected.resolve(bindings);
        } catch (MatcherSyntaxException e) {
            throw new StepFailure(step + ": " + part + ": the expectation cannot take the values captured before ("
                    + e.getMessage() + ")", expected.template().toString(), bindings.asMap().toString());
        }
        MatchResult result = matcher.match(actual, scope);
        if (result.matched()) {
            return;
        }
        String what = actual.isEmpty() ? "missing, expected " + cut(matcher.spec().toString())
                : (result.pointer().isEmpty() ? "" : "at " + result.pointer() + ": ") + result.message();
        throw new StepFailure(step + ": " + part + ": " + what + context, matcher.spec().toString(),
                actual.map(JsonNode::toString).orElse("(missing)"), result.shape());
    }

    /** The body as JSON for a {@code body} expectation: none when empty, a failure when it is not JSON. */
    private static Optional<JsonNode> json(String step, String body) throws StepFailure {
        if (body.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(WireJson.parse(body));
        } catch (MalformedLineException e) {
            throw new StepFailure(step + ": body: not JSON: " + cut(body), "a JSON body", body);
        }
    }

    static String cut(String text) {
        return text.length() <= SHOWN ? text : text.substring(0, SHOWN - 3) + "...";
    }
}
