package org.couchtck.kit.endpoint;

import java.net.http.HttpHeaders;
import java.util.List;
import java.util.Map;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;

/**
 * How requests and replies are written into a case's {@link Transcript}: one entry per request (request line,
 * headers, body), one per reply (status, headers, body) or per feed head (status, headers; the body's lines follow
 * one entry each as they come). Credentials never appear: an Authorization the kit added shows whom it stands for.
 */
final class HttpTranscript {

    private HttpTranscript() {
    }

    static void request(Transcript transcript, HttpCall call, RequestTemplate template) {
        StringBuilder text = new StringBuilder(template.to() == Recipient.ENDPOINT ? "" : "(to " + template.to().id()
                + ") ").append(call.method()).append(' ').append(call.path());
        boolean ownAuthorization = template.headers().keySet().stream().anyMatch(h -> h.equalsIgnoreCase(
                "Authorization"));
        for (HttpCall.Header header : call.headers()) {
            String value = header.name().equalsIgnoreCase("Authorization") && !ownAuthorization
                    ? "(" + template.auth().shown() + ")" : header.value();
            text.append('\n').append(header.name()).append(": ").append(value);
        }
        if (call.chunked()) {
            text.append("\nTransfer-Encoding: chunked");
        }
        call.body().ifPresent(body -> text.append("\n\n").append(body));
        transcript.add(Direction.SENT, text.toString());
    }

    static void reply(Transcript transcript, HttpReply reply) {
        setAside(transcript, reply.setAside());
        StringBuilder text = head(reply.status(), reply.headers());
        if (!reply.body().isEmpty()) {
            text.append("\n\n").append(reply.body());
        }
        transcript.add(Direction.RECEIVED, text.toString());
        reply.incomplete().ifPresent(why -> transcript.add(Direction.EVENT, "incomplete reply: " + why));
    }

    static void head(Transcript transcript, ResponseHead head) {
        setAside(transcript, head.setAside());
        transcript.add(Direction.RECEIVED, head(head.status(), head.headers()).toString());
    }

    private static void setAside(Transcript transcript, List<String> setAside) {
        setAside.forEach(note -> transcript.add(Direction.EVENT, note));
    }

    private static StringBuilder head(int status, HttpHeaders headers) {
        StringBuilder text = new StringBuilder(Integer.toString(status));
        for (Map.Entry<String, List<String>> header : headers.map().entrySet()) {
            for (String value : header.getValue()) {
                text.append('\n').append(header.getKey()).append(": ").append(value);
            }
        }
        return text;
    }
}
