package org.couchtck.kit.testservers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * An OS daemon like CouchDB's os_daemon_configer.escript: it asks for its own [os_daemons] entry, the entry's
 * key, [uuids] algorithm (which the test's config sets to "sequential"), an unknown section and an unknown key, and
 * checks each reply is what CouchDB answers. On a wrong reply it logs an error and exits with status 3; otherwise it
 * logs, and waits for the end of its input. Arguments: its name; {@code --no-wait} writes all gets before reading any
 * reply.
 */
public final class ConfigerDaemon {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ConfigerDaemon() {}

    public static void main(String[] args) throws IOException {
        String name = args[0];
        boolean noWait = args.length > 1 && args[1].equals("--no-wait");
        LineIo io = new LineIo();
        List<String> gets = List.of("[\"get\",\"os_daemons\"]", "[\"get\",\"os_daemons\",\"" + name + "\"]",
                "[\"get\",\"uuids\",\"algorithm\"]", "[\"get\",\"aal;3p4\"]", "[\"get\",\"aal;3p4\",\"313234kjhsdfl\"]");
        List<JsonNode> replies = new ArrayList<>();
        if (noWait) {
            gets.forEach(io::println);
            for (int i = 0; i < gets.size(); i++) {
                replies.add(read(io));
            }
        } else {
            for (String get : gets) {
                io.println(get);
                replies.add(read(io));
            }
        }
        String wrong = check(name, replies);
        if (wrong != null) {
            io.println(JSON.createArrayNode().add("log").add("wrong reply: " + wrong)
                    .add(JSON.createObjectNode().put("level", "error")).toString());
            System.exit(3);
        }
        io.println("[\"log\",\"foobar!\"]");
        io.println("[\"log\",\"some stuff!\",{\"level\":\"debug\"}]");
        while (io.readLine() != null) {
            // CouchDB writes nothing unasked; the end of input is the signal to go.
        }
    }

    private static JsonNode read(LineIo io) throws IOException {
        String line = io.readLine();
        if (line == null) {
            System.exit(0);
        }
        return JSON.readTree(line);
    }

    /** What is wrong with the replies, or null. */
    private static String check(String name, List<JsonNode> replies) {
        JsonNode section = replies.get(0);
        if (!section.isObject() || !section.path(name).isTextual()) {
            return "[os_daemons] should hold " + name + ": " + section;
        }
        if (!replies.get(1).isTextual() || !replies.get(1).textValue().equals(section.get(name).textValue())) {
            return "[os_daemons] " + name + ": " + replies.get(1);
        }
        if (!replies.get(2).isTextual() || !replies.get(2).textValue().equals("sequential")) {
            return "[uuids] algorithm: " + replies.get(2);
        }
        if (!replies.get(3).isObject() || !replies.get(3).isEmpty()) {
            return "an unknown section should be {}: " + replies.get(3);
        }
        if (!replies.get(4).isNull()) {
            return "an unknown key should be null: " + replies.get(4);
        }
        return null;
    }
}
