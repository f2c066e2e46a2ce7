package org.couchtck.kit.testservers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Map;

/**
 * An OS daemon that breaks on some configurations: it asks for its own section, and when a value there holds a
 * character beyond ASCII or is longer than 40 characters it writes a get with a number for its key (which CouchDB
 * never answers, and which stops its daemon manager), or, with {@code --exit}, exits with status 3 (which gets it
 * halted). Otherwise it behaves: logs, and exits at the end of its input. Argument: its name.
 */
public final class BrittleDaemon {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int LONGEST = 40;

    private BrittleDaemon() {}

    public static void main(String[] args) throws IOException {
        String name = args[0];
        boolean exits = args.length > 1 && args[1].equals("--exit");
        LineIo io = new LineIo();
        // Reading JSON loads classes for a while: done before the first line, so the reply is judged at once, well
        // within the kit's window after that line.
        firstBadKey(JSON.readTree("{\"warm\":\"up\"}"));
        io.println(JSON.createArrayNode().add("get").add(name).toString());
        String reply = io.readLine();
        if (reply == null) {
            return;
        }
        String bad = firstBadKey(JSON.readTree(reply));
        if (bad != null) {
            if (exits) {
                System.exit(3);
            }
            io.println(JSON.createArrayNode().add("get").add(name).add(42).toString());
        }
        io.println("[\"log\",\"configured\"]");
        while (io.readLine() != null) {
            // the end of input is the signal to go
        }
    }

    /** The first key whose value this daemon cannot take, or null. */
    private static String firstBadKey(JsonNode section) {
        for (Map.Entry<String, JsonNode> field : section.properties()) {
            String value = field.getValue().asText();
            if (value.length() > LONGEST || value.chars().anyMatch(c -> c > 127)) {
                return field.getKey();
            }
        }
        return null;
    }
}
