package org.couchtck.kit.testservers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.File;
import java.util.Iterator;
import java.util.concurrent.CountDownLatch;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.WireJson;
import org.couchtck.reference.queryserver.QueryServer;
import org.couchtck.reference.queryserver.QueryServerOptions;
import org.couchtck.reference.queryserver.Response;

/**
 * The reference query server, in process, with one deliberate defect chosen by the first argument:
 * <ul>
 *   <li>{@code negative-zero}: a {@code map_doc} whose document holds -0.0 anywhere gets an error reply;</li>
 *   <li>{@code rereduce-off-by-one}: every {@code rereduce} result that is a number is one too big;</li>
 *   <li>{@code reduce-reversed}: {@code reduce} results come in reverse function order;</li>
 *   <li>{@code add-lib-refused}: {@code add_lib} answers {@code false};</li>
 *   <li>{@code silent-on-malformed}: a line that is not JSON gets no reply and the process keeps running;</li>
 *   <li>{@code wedged-after-error}: after its first error reply the server reads on but never answers again;</li>
 *   <li>{@code exact-integers}: like a language with exact integers, a {@code map_doc} of a document holding
 *       9007199254740993 answers with that integer where the reference's doubles give 9007199254740992;</li>
 *   <li>{@code rewrite-falsy-ok}: a rewrite that matched no rule answers {@code ["ok",null]} instead of
 *       {@code ["no_dispatch_rule"]};</li>
 *   <li>{@code rewrite-odd-result-refused}: a rewrite result that is neither an object nor a string is answered
 *       {@code ["error","rewrite_error","bad rewrite"]} instead of being passed on;</li>
 *   <li>{@code ddoc-compile-error-as-render-error}: a design-document function that does not compile is answered
 *       with a render_error instead of a compilation_error;</li>
 *   <li>{@code ddoc-compile-error-ignored}: a design-document function that does not compile is answered as if it
 *       had returned nothing, {@code ["resp",{"body":""}]};</li>
 *   <li>{@code require-climbs-to-root}: a require whose {@code ..} climbs past the top folder, an error in couchjs,
 *       is answered as if it had reached the design document root: {@code ["resp",{"body":"top"}]};</li>
 *   <li>{@code list-stray-command-answered}: a command other than list_row or list_end while a list waits for rows
 *       is answered {@code true} and the process keeps running;</li>
 *   <li>{@code ignores-end-of-input}: when its standard input ends the server keeps running until it is killed;</li>
 *   <li>{@code exits-on-ddoc}: like a server without design-document support, any {@code ddoc} command makes it
 *       exit with status 1 without a reply (a new process serves everything else);</li>
 *   <li>{@code slow-start MILLIS}: like a JVM or an interpreter loading its runtime, the server reads nothing for
 *       MILLIS ms after it starts;</li>
 *   <li>{@code startup-log}: the server greets with {@code ["log","Alive!"]} before reading anything;</li>
 *   <li>{@code chatty-log}: every reply comes after an extra {@code ["log","handled COMMAND"]} line;</li>
 *   <li>{@code silent-on-ddoc}: any {@code ddoc} command gets no reply, and the server reads on;</li>
 *   <li>{@code hang-once MARKER}: the first process (the one that creates the file MARKER) never answers its first
 *       {@code map_doc}; every later process behaves;</li>
 *   <li>{@code slow-once MARKER MILLIS}: the first process (the one that creates the file MARKER) waits MILLIS ms
 *       before it answers its second {@code map_doc} (a machine too busy for the kit's bound once); every later
 *       process behaves.</li>
 * </ul>
 * Everything else is the reference's answer.
 */
public final class BrokenReferenceServer {

    private static final String LIST_ERROR = "[\"error\",\"list_error\",";

    private BrokenReferenceServer() {}

    public static void main(String[] args) throws Exception {
        String defect = args[0];
        LineIo io = new LineIo();
        if (defect.equals("slow-start")) {
            Thread.sleep(Long.parseLong(args[1]));
        }
        if (defect.equals("startup-log")) {
            io.println("[\"log\",\"Alive!\"]");
        }
        boolean hangFirstMapDoc = defect.equals("hang-once") && new File(args[1]).createNewFile();
        boolean slowOnce = defect.equals("slow-once") && new File(args[1]).createNewFile();
        int mapDocs = 0;
        try (QueryServer reference = new QueryServer(QueryServerOptions.defaults())) {
            String line;
            boolean wedged = false;
            while ((line = io.readLine()) != null) {
                JsonNode message = parse(line);
                if (wedged || (message == null && defect.equals("silent-on-malformed"))) {
                    continue;
                }
                String command = message != null && message.isArray() && message.size() > 0
                        ? message.get(0).asText() : "";
                if (defect.equals("exits-on-ddoc") && command.equals("ddoc")) {
                    System.exit(1);
                }
                if (defect.equals("silent-on-ddoc") && command.equals("ddoc")) {
                    continue;
                }
                if (hangFirstMapDoc && command.equals("map_doc")) {
                    wedged = true;
                    continue;
                }
                if (slowOnce && command.equals("map_doc") && ++mapDocs == 2) {
                    Thread.sleep(Long.parseLong(args[2]));
                }
                Response response = reference.handle(line);
                if (defect.equals("chatty-log") && response.reply().isPresent()) {
                    io.println("[\"log\",\"handled " + command + "\"]");
                }
                response.logLines().forEach(io::println);
                response.reply().map(reply -> corrupt(defect, message, reply)).ifPresent(io::println);
                wedged = defect.equals("wedged-after-error") && !response.exits()
                        && repliesWith(response, "[\"error\"");
                if (response.exits()
                        && !(defect.equals("list-stray-command-answered") && repliesWith(response, LIST_ERROR))) {
                    System.exit(response.exitStatus().getAsInt());
                }
            }
        }
        if (defect.equals("ignores-end-of-input")) {
            new CountDownLatch(1).await();
        }
        System.exit(0);
    }

    private static String corrupt(String defect, JsonNode message, String reply) {
        String command = message != null && message.isArray() && message.size() > 0
                ? message.get(0).asText() : "";
        switch (defect) {
            case "negative-zero":
                if (command.equals("map_doc") && message.size() > 1 && hasNegativeZero(message.get(1))) {
                    return "[\"error\",\"negative_zero\",\"mishandled -0.0\"]";
                }
                return reply;
            case "rereduce-off-by-one":
                if (command.equals("rereduce")) {
                    JsonNode parsed = parse(reply);
                    if (parsed != null && parsed.path(1).path(0).isNumber()) {
                        ((ArrayNode) parsed.get(1)).set(0, parsed.get(1).get(0).asLong() + 1);
                        return WireJson.write(parsed);
                    }
                }
                return reply;
            case "reduce-reversed":
                if (command.equals("reduce")) {
                    JsonNode parsed = parse(reply);
                    if (parsed != null && parsed.path(1).isArray()) {
                        ArrayNode reversed = WireJson.mapper().createArrayNode();
                        for (int i = parsed.get(1).size() - 1; i >= 0; i--) {
                            reversed.add(parsed.get(1).get(i));
                        }
                        ((ArrayNode) parsed).set(1, reversed);
                        return WireJson.write(parsed);
                    }
                }
                return reply;
            case "exact-integers":
                if (command.equals("map_doc") && message.toString().contains("9007199254740993")) {
                    return reply.replace("9007199254740992", "9007199254740993");
                }
                return reply;
            case "rewrite-falsy-ok":
                return reply.equals("[\"no_dispatch_rule\"]") ? "[\"ok\",null]" : reply;
            case "rewrite-odd-result-refused":
                JsonNode rewrite = reply.startsWith("[\"ok\",") ? parse(reply) : null;
                return rewrite != null && !rewrite.path(1).isObject()
                        ? "[\"error\",\"rewrite_error\",\"bad rewrite\"]" : reply;
            case "ddoc-compile-error-ignored":
                return command.equals("ddoc") && reply.startsWith("[\"error\",\"compilation_error\",")
                        ? "[\"resp\",{\"body\":\"\"}]" : reply;
            case "ddoc-compile-error-as-render-error":
                return command.equals("ddoc") ? reply.replace("[\"error\",\"compilation_error\",",
                        "[\"error\",\"render_error\",") : reply;
            case "require-climbs-to-root":
                return reply.contains("Object has no parent") ? "[\"resp\",{\"body\":\"top\"}]" : reply;
            case "list-stray-command-answered":
                return reply.startsWith(LIST_ERROR) ? "true" : reply;
            case "add-lib-refused":
                return command.equals("add_lib") ? "false" : reply;
            default:
                return reply;
        }
    }

    private static boolean repliesWith(Response response, String prefix) {
        return response.reply().map(reply -> reply.startsWith(prefix)).orElse(false);
    }

    private static JsonNode parse(String line) {
        try {
            return WireJson.parse(line);
        } catch (MalformedLineException e) {
            return null;
        }
    }

    private static boolean hasNegativeZero(JsonNode node) {
        if (node.isDouble() && node.doubleValue() == 0.0 && 1.0 / node.doubleValue() < 0) {
            return true;
        }
        for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
            if (hasNegativeZero(it.next())) {
                return true;
            }
        }
        return false;
    }
}
