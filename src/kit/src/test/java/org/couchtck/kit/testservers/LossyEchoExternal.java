package org.couchtck.kit.testservers;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/**
 * An {@code _external} handler that echoes like the kit's own, except that every non-ASCII character of the request
 * comes back as {@code ?}, as from a handler that reads with the wrong charset: its replies are all valid, its echoes
 * of requests with such characters not.
 */
public final class LossyEchoExternal {

    private static final ObjectMapper JSON = new ObjectMapper();

    private LossyEchoExternal() {}

    public static void main(String[] args) throws IOException {
        LineIo io = new LineIo();
        for (String line = io.readLine(); line != null; line = io.readLine()) {
            String ascii = line.replaceAll("[^\\x00-\\x7F]", "?");
            ObjectNode reply = JSON.createObjectNode().put("code", 200);
            reply.putObject("json").set("request", JSON.readTree(ascii));
            io.println(reply.toString());
        }
    }
}
