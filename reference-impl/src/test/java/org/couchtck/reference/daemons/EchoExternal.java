package org.couchtck.reference.daemons;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * An {@code _external} handler, run as a child process by the tests: it answers every request with {@code
 * {"code":200,"json":{"pid":P,"count":N,"request":REQ}}} (its process id, how many requests it has had, the request
 * object it got), and exits with status S right after answering a request whose query has {@code exit=S}.
 */
public final class EchoExternal {

    private EchoExternal() {}

    public static void main(String[] args) throws Exception {
        ObjectMapper json = new ObjectMapper();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        long count = 0;
        String line;
        while ((line = in.readLine()) != null) {
            JsonNode request = json.readTree(line);
            ObjectNode body = json.createObjectNode();
            body.put("pid", ProcessHandle.current().pid());
            body.put("count", ++count);
            body.set("request", request);
            ObjectNode reply = json.createObjectNode();
            reply.put("code", 200);
            reply.set("json", body);
            System.out.println(json.writeValueAsString(reply));
            System.out.flush();
            JsonNode exit = request.path("query").path("exit");
            if (exit.isTextual()) {
                System.exit(Integer.parseInt(exit.textValue()));
            }
        }
    }
}
