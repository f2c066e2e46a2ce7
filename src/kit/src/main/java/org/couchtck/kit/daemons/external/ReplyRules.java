package org.couchtck.kit.daemons.external;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.WireJson;

/**
 * What CouchDB 2.2.0 accepts as an {@code _external} handler's reply line ({@code couch_external_server:execute},
 * then {@code parse_external_response} and {@code send_external_response} of chttpd_external and
 * couch_httpd_external), as rules with a level each. A MUST rule is one whose breaking makes CouchDB fail the request
 * (a 500, a crash, a broken HTTP response); a SHOULD rule one whose breaking CouchDB survives with a response the
 * handler did not mean.
 *
 * <p>The reply is the first line that is not {@code ["log", string]} (couch_os_process logs those and reads on). It
 * must be JSON ({@code ?JSON_DECODE} fails otherwise), an object ({@code parse_external_response} has no clause for
 * anything else; {@code ["error", ...]} and {@code ["fatal", ...]} lines are errors of the request already in
 * couch_os_process), and only have these members:
 *
 * <ul>
 *   <li>{@code code}: a whole number mochiweb writes into the status line; a float crashes its {@code make_code}. It
 *       must have the three digits of a status code (MUST), and be of HTTP's classes 1xx to 5xx (SHOULD).</li>
 *   <li>{@code json}: any JSON value, sent as the JSON body.</li>
 *   <li>{@code body}: a string, the body as it is (anything else is no iolist mochiweb can send).</li>
 *   <li>{@code base64}: a string of standard base64, decoded into the body ({@code base64:decode} crashes
 *       otherwise).</li>
 *   <li>{@code headers}: an object of strings ({@code binary_to_list} in couch_httpd_external crashes on anything
 *       else; chttpd_external writes other values as Erlang terms), named by HTTP tokens and free of CR and LF, which
 *       mochiweb writes into the response as they are.</li>
 *   <li>{@code stop}: {@code true} only; {@code false} is "Invalid data from external server" like any unknown
 *       member.</li>
 * </ul>
 *
 * More than one of {@code json}, {@code body} and {@code base64} is a SHOULD: CouchDB sends the json when there is
 * one, with the Content-Type of whichever came last.
 */
public final class ReplyRules {

    /** A rule a reply broke. */
    public record Problem(Level level, String message) {}

    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

    private ReplyRules() {}

    /** Every rule {@code line}, a handler's reply line, breaks; empty when CouchDB sends the response it means. */
    public static List<Problem> check(String line) {
        List<Problem> problems = new ArrayList<>();
        JsonNode reply;
        try {
            reply = WireJson.parse(line);
        } catch (MalformedLineException e) {
            problems.add(must("the reply is not JSON, which CouchDB's ?JSON_DECODE refuses (HTTP 500): "
                    + e.getMessage()));
            return problems;
        }
        if (reply.isArray() && reply.size() > 0 && reply.get(0).isTextual()
                && (reply.get(0).textValue().equals("error") || reply.get(0).textValue().equals("fatal"))) {
            problems.add(must("the reply is an " + reply.get(0).textValue() + " line, which couch_os_process turns "
                    + "into an error of the request (HTTP 500)" + (reply.get(0).textValue().equals("fatal")
                            ? " and a stopped handler" : "")));
            return problems;
        }
        if (!reply.isObject()) {
            problems.add(must("the reply is " + kind(reply) + ", not an object: parse_external_response has no "
                    + "clause for it (HTTP 500)"));
            return problems;
        }
        int bodies = 0;
        for (Map.Entry<String, JsonNode> member : reply.properties()) {
            JsonNode value = member.getValue();
            switch (member.getKey()) {
                case "code" -> code(value, problems);
                case "json" -> bodies++;
                case "body" -> {
                    bodies++;
                    if (!value.isTextual()) {
                        problems.add(must("body is " + kind(value) + ", not a string: mochiweb cannot send it"));
                    }
                }
                case "base64" -> {
                    bodies++;
                    base64(value, problems);
                }
                case "headers" -> headers(value, problems);
                case "stop" -> {
                    if (!(value.isBoolean() && value.booleanValue())) {
                        problems.add(must(invalidData("stop", value) + ": only true is a stop"));
                    }
                }
                default -> problems.add(must(invalidData(member.getKey(), value)));
            }
        }
        if (bodies > 1) {
            problems.add(new Problem(Level.SHOULD, "more than one of json, body and base64: CouchDB sends the json "
                    + "if there is one, with the Content-Type of the last of them"));
        }
        return problems;
    }

    /** The problems at {@code level} or stricter: what a case of that level judges. */
    public static List<Problem> atLevel(List<Problem> problems, Level level) {
        return problems.stream().filter(p -> p.level().ordinal() <= level.ordinal()).toList();
    }

    private static void code(JsonNode value, List<Problem> problems) {
        if (!value.isIntegralNumber()) {
            problems.add(must("code is " + kind(value) + ", not a whole number: mochiweb cannot write it as a "
                    + "status"));
            return;
        }
        if (!value.canConvertToInt() || value.intValue() < 100 || value.intValue() > 999) {
            problems.add(must("code " + value + " has not the three digits of an HTTP status"));
        } else if (value.intValue() > 599) {
            problems.add(new Problem(Level.SHOULD, "code " + value + " is of no HTTP status class (1xx to 5xx)"));
        }
    }

    private static void base64(JsonNode value, List<Problem> problems) {
        if (!value.isTextual()) {
            problems.add(must("base64 is " + kind(value) + ", not a string"));
            return;
        }
        String text = value.textValue();
        if (text.length() % 4 != 0) {
            problems.add(must("base64 is not padded to a multiple of 4 characters: base64:decode fails on it"));
            return;
        }
        try {
            Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            problems.add(must("base64 is not standard base64, which base64:decode fails on: " + e.getMessage()));
        }
    }

    private static void headers(JsonNode value, List<Problem> problems) {
        if (!value.isObject()) {
            problems.add(must(invalidData("headers", value) + ": headers must be an object"));
            return;
        }
        for (Map.Entry<String, JsonNode> header : value.properties()) {
            String name = header.getKey();
            JsonNode headerValue = header.getValue();
            if (!TOKEN.matcher(name).matches()) {
                problems.add(must("header name " + WireJson.write(TextNode.valueOf(name))
                        + " is not an HTTP token: mochiweb writes it into the response as it is"));
            }
            if (!headerValue.isTextual()) {
                problems.add(must("header " + name + " is " + kind(headerValue) + ", not a string: "
                        + "couch_httpd_external's binary_to_list crashes on it"));
            } else if (headerValue.textValue().indexOf('\r') >= 0 || headerValue.textValue().indexOf('\n') >= 0) {
                problems.add(must("header " + name + " holds a line break, which splits the HTTP response"));
            }
        }
    }

    private static String invalidData(String key, JsonNode value) {
        return "Invalid data from external server: {<<\"" + key + "\">>," + WireJson.write(value) + "} (HTTP 500)";
    }

    private static Problem must(String message) {
        return new Problem(Level.MUST, message);
    }

    private static String kind(JsonNode value) {
        return switch (value.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            case STRING -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            default -> value.getNodeType().toString().toLowerCase(Locale.ROOT);
        };
    }
}
