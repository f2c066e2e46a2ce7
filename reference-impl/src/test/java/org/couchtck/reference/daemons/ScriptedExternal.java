package org.couchtck.reference.daemons;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * An {@code _external} handler, run as a child process by the tests, that answers whatever the test tells it to: it
 * writes the request's {@code body} as it is (so a body of two lines is a log line and a reply, and any code, json,
 * body, base64 or headers are the test's choice).
 */
public final class ScriptedExternal {

    private ScriptedExternal() {}

    public static void main(String[] args) throws Exception {
        ObjectMapper json = new ObjectMapper();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            System.out.println(json.readTree(line).path("body").asText());
            System.out.flush();
        }
    }
}
