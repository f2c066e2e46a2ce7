package org.couchtck.kit.daemons.programs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * An {@code _external} handler: reads one request object a line (as couch_httpd_external:json_req_obj builds it) and
 * answers each with one line. When the request's {@code body} is a JSON object with {@code couchtck_reply}, the
 * answer is that value, written compactly, whatever it is; with {@code couchtck_raw} (a string), that string as it
 * is, JSON or not. Otherwise the answer echoes the request: {@code {"json": {"request": <the request object>}}}.
 * Exits with 0 when its standard input ends.
 */
public final class ScriptedExternal {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final String REDACTED = "(redacted)";

    private ScriptedExternal() {
    }

    public static void main(String[] args) throws IOException {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                out.print(answer(line) + "\n");
                out.flush();
            }
        }
    }

    /** The line that answers the request line {@code line}. */
    static String answer(String line) throws IOException {
        JsonNode request;
        try {
            request = JSON.readTree(line);
        } catch (IOException e) {
            ObjectNode error = JSON.createObjectNode().put("code", 500);
            error.putObject("json").put("error", "the handler got a line that is no JSON").put("line", line);
            return JSON.writeValueAsString(error);
        }
        JsonNode script = script(request.path("body"));
        if (script.has("couchtck_reply")) {
            return JSON.writeValueAsString(script.get("couchtck_reply"));
        }
        if (script.path("couchtck_raw").isTextual()) {
            return script.get("couchtck_raw").textValue();
        }
        if (request.path("headers").isObject()) {
            ObjectNode headers = (ObjectNode) request.get("headers");
            List.copyOf(headers.properties()).stream().map(Map.Entry::getKey)
                    .filter(name -> name.equalsIgnoreCase("Authorization"))
                    .forEach(name -> headers.put(name, REDACTED));
        }
        ObjectNode echo = JSON.createObjectNode();
        echo.putObject("json").set("request", request);
        return JSON.writeValueAsString(echo);
    }

    /** The body parsed as a JSON object, or an empty object when it is none. */
    private static JsonNode script(JsonNode body) {
        if (!body.isTextual()) {
            return JSON.createObjectNode();
        }
        try {
            JsonNode parsed = JSON.readTree(body.textValue());
            return parsed != null && parsed.isObject() ? parsed : JSON.createObjectNode();
        } catch (IOException e) {
            return JSON.createObjectNode();
        }
    }
}
