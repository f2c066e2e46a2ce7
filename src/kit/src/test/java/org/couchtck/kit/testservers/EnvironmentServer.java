package org.couchtck.kit.testservers;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;

/** Takes every line as an environment variable's name and answers {@code [working directory, value or null]}. */
public final class EnvironmentServer {

    private EnvironmentServer() {}

    public static void main(String[] args) {
        ObjectMapper json = new ObjectMapper();
        LineIo io = new LineIo();
        String name;
        while ((name = io.readLine()) != null) {
            ArrayNode reply = json.createArrayNode().add(System.getProperty("user.dir")).add(System.getenv(name));
            io.println(reply.toString());
        }
    }
}
