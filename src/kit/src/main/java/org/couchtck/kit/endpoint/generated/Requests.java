package org.couchtck.kit.endpoint.generated;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.kit.endpoint.EndpointTarget;
import org.couchtck.kit.endpoint.EndpointUnreachableException;
import org.couchtck.kit.endpoint.HttpCall;
import org.couchtck.kit.endpoint.HttpReply;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.WireJson;

/**
 * The plain requests of the generated HTTP cases: one JSON request to the endpoint as its admin, bounded by a timeout,
 * recorded in a transcript, answered with an {@link Answer} that says why there is none rather than throwing.
 */
final class Requests {

    /** The longest a request body is shown in a transcript (bulk writes of thousands of documents are cut). */
    static final int SHOWN_BODY_CHARS = 4_000;

    private Requests() {}

    /**
     * An answer to one request, or why there is none.
     *
     * @param status the status, 0 when no reply came
     * @param body the body as far as it came
     * @param failure why the answer is not a whole reply; null when it is
     */
    record Answer(int status, String body, String failure) {

        /** No reply at all: {@code why}. */
        static Answer none(String why) {
            return new Answer(0, "", why);
        }

        /** A whole reply came. */
        boolean answered() {
            return failure == null;
        }

        /** No reply came at all (unreachable, no head in time): the endpoint is silent, not just wrong. */
        boolean silent() {
            return failure != null && status == 0;
        }

        Optional<JsonNode> json() {
            try {
                return Optional.of(WireJson.parse(body));
            } catch (MalformedLineException e) {
                return Optional.empty();
            }
        }

        String shown() {
            return failure != null ? failure : status + " " + cut(body.strip());
        }
    }

    /**
     * Sends one request as {@code who}, recording it and the reply (or why none came) in {@code transcript}.
     *
     * @throws InterruptedException when the calling thread is interrupted
     */
    static Answer send(EndpointTarget target, Transcript transcript, String who, String method, String path,
            Optional<String> body, Duration timeout) throws InterruptedException {
        HttpCall call = call(target, method, path, body, timeout);
        transcript.add(Direction.SENT, who + ": " + method + " " + path + body.map(b -> " " + cut(b,
                SHOWN_BODY_CHARS)).orElse(""));
        try {
            HttpReply reply = target.send(call);
            reply.setAside().forEach(note -> transcript.add(Direction.EVENT, who + ": " + note));
            transcript.add(Direction.RECEIVED, who + ": " + reply.status() + " " + reply.body().strip());
            if (reply.incomplete().isPresent()) {
                return new Answer(reply.status(), reply.body(), "an incomplete reply (" + reply.status() + "): "
                        + reply.incomplete().get());
            }
            return new Answer(reply.status(), reply.body(), null);
        } catch (EndpointUnreachableException e) {
            String why = method + " " + path + ": the endpoint is unreachable: " + e.getMessage();
            transcript.add(Direction.EVENT, who + ": " + why);
            return Answer.none(why);
        } catch (IOException e) {
            String why = method + " " + path + ": no reply: " + e.getMessage();
            transcript.add(Direction.EVENT, who + ": " + why);
            return Answer.none(why);
        }
    }

    /** A JSON request as the endpoint's admin. */
    static HttpCall call(EndpointTarget target, String method, String path, Optional<String> body,
            Duration timeout) {
        List<HttpCall.Header> headers = new ArrayList<>();
        headers.add(new HttpCall.Header("Accept", "application/json"));
        body.ifPresent(b -> headers.add(new HttpCall.Header("Content-Type", "application/json")));
        target.adminCredentials().ifPresent(admin -> headers.add(new HttpCall.Header("Authorization",
                admin.basicAuthorization())));
        return new HttpCall(method, path, headers, body, timeout);
    }

    /** {@code value} as a query parameter value (spaces as {@code %20}). */
    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** {@code text} cut to 300 characters for a message. */
    static String cut(String text) {
        return cut(text, 300);
    }

    static String cut(String text, int most) {
        return text.length() <= most ? text : text.substring(0, most) + " …";
    }
}
