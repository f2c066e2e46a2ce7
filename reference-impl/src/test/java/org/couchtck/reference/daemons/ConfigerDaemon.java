package org.couchtck.reference.daemons;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * os_daemon_configer.escript as a Java daemon, named {@code NAME} in {@code [os_daemons]}: it asks for its own
 * section and key, for {@code [uuids] algorithm}, for a section and a key nobody set, checking each reply; it logs
 * at each level and sends the invalid log requests the escript sends, an unknown request and a line that is not
 * JSON; it registers {@code [uuids] algorithm}; then it asks once more to show that its host still answers.
 *
 * <p>It logs {@code configer: every reply was right} or, at error level, what was wrong (and exits 3), then
 * {@code configer: uuids algorithm is VALUE}, and waits for the end of its input.
 */
public final class ConfigerDaemon {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    private final PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    private final List<String> wrong = new ArrayList<>();

    private ConfigerDaemon() {}

    public static void main(String[] args) throws IOException {
        new ConfigerDaemon().run(args[0]);
    }

    private void run(String name) throws IOException {
        JsonNode section = ask("[\"get\",\"os_daemons\"]");
        JsonNode own = section.get(name);
        expect(own != null && own.isTextual() && own.textValue().contains(ConfigerDaemon.class.getName()),
                "its own command in [os_daemons]", section);
        JsonNode key = ask("[\"get\",\"os_daemons\"," + JSON.writeValueAsString(name) + "]");
        expect(key.equals(own), "its own command as [os_daemons] " + name, key);
        JsonNode algorithm = ask("[\"get\",\"uuids\",\"algorithm\"]");
        expect(algorithm.isTextual() || algorithm.isNull(), "a string or null", algorithm);
        JsonNode unknownSection = ask("[\"get\",\"aal;3p4\"]");
        expect(unknownSection.isObject() && unknownSection.isEmpty(), "{}", unknownSection);
        JsonNode unknownKey = ask("[\"get\",\"aal;3p4\",\"313234kjhsdfl\"]");
        expect(unknownKey.isNull(), "null", unknownKey);
        for (String line : List.of("[\"register\",\"uuids\",\"algorithm\"]", "[\"log\",\"foobar!\"]",
                "[\"log\",\"some stuff!\",{\"level\":\"debug\"}]", "[\"log\",2]", "[\"log\",true]",
                "[\"log\",\"stuff\",2]", "[\"log\",3,null]", "[\"log\",[1,2],{\"level\":\"debug\"}]",
                "[\"log\",\"true\",{}]", "[\"log\",\"an error\",{\"level\":\"error\"}]",
                "[\"log\",\"at no level\",{\"level\":\"bogus\"}]", "[\"frobnicate\"]", "this is not JSON")) {
            out.println(line);
        }
        JsonNode again = ask("[\"get\",\"os_daemons\"," + JSON.writeValueAsString(name) + "]");
        expect(again.equals(own), "the same command once more", again);
        if (!wrong.isEmpty()) {
            out.println(JSON.writeValueAsString(List.of("log", "configer: " + String.join("; ", wrong),
                    Map.of("level", "error"))));
            System.exit(3);
        }
        out.println("[\"log\",\"configer: every reply was right\"]");
        out.println(JSON.writeValueAsString(List.of("log", "configer: uuids algorithm is " + algorithm)));
        while (in.readLine() != null) {
            // replies to nothing: it asked all it wanted
        }
    }

    private JsonNode ask(String request) throws IOException {
        out.println(request);
        String reply = in.readLine();
        if (reply == null) {
            System.exit(4);
        }
        return JSON.readTree(reply);
    }

    private void expect(boolean right, String expected, JsonNode actual) {
        if (!right) {
            wrong.add("expected " + expected + ", got " + actual);
        }
    }
}
