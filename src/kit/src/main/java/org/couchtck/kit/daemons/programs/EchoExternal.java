package org.couchtck.kit.daemons.programs;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * An {@code _external} handler that answers every request object with {@code {"code":200,"json":{"request":R}}},
 * where R is the request line exactly as it came, and a line that is not one JSON value with a 400 response. It exits
 * when its standard input ends, as CouchDB's closing of the port asks.
 */
public final class EchoExternal {

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private static final String NOT_JSON = "{\"code\":400,\"json\":{\"error\":\"bad_request\","
            + "\"reason\":\"the request line is not one JSON value\"}}";

    private EchoExternal() {}

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            out.print(reply(line) + "\n");
            out.flush();
        }
    }

    /** The response to one request line. */
    static String reply(String line) {
        try {
            JsonNode request = JSON.readTree(line);
            if (request == null || request.isMissingNode()) {
                return NOT_JSON;
            }
        } catch (IOException e) {
            return NOT_JSON;
        }
        // The line itself, not a re-serialisation: the request comes back exactly as CouchDB wrote it.
        return "{\"code\":200,\"json\":{\"request\":" + line.strip() + "}}";
    }
}
