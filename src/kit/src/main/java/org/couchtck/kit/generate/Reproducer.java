package org.couchtck.kit.generate;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import org.couchtck.kit.cases.Level;

/**
 * A shrunk counterexample in the two forms people use: a shell line that pipes the exact lines into the server, and
 * a case in fixture format (fixtures/README.md) that can be promoted into the corpus as it is.
 */
public final class Reproducer {

    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

    /**
     * What the reference answers to one line: the expectation of the fixture's step.
     *
     * @param replied whether the reference writes a reply line
     * @param reply the reply as JSON; empty when there is none or the kit cannot read it (then any reply passes)
     * @param exits whether the reference exits after the line
     */
    public record Expectation(boolean replied, Optional<JsonNode> reply, boolean exits) {}

    private static final ObjectMapper ASCII_PRETTY = JsonMapper.builder()
            .enable(JsonGenerator.Feature.ESCAPE_NON_ASCII)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private Reproducer() {}

    /**
     * A fixture as file text: indented, every non-ASCII character escaped (so lone surrogates and U+2028 survive any
     * editor), ending with a newline.
     */
    public static String write(ObjectNode fixture) {
        try {
            return ASCII_PRETTY.writeValueAsString(fixture) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code printf '%s\n' 'line' ... | command}: the lines exactly, each quoted for a POSIX shell. */
    public static String printf(List<String> lines, String command) {
        StringBuilder out = new StringBuilder("printf '%s\\n'");
        for (String line : lines) {
            out.append(' ').append(shellQuote(line));
        }
        return out.append(" | ").append(command).toString();
    }

    /** {@code text} as one word of a POSIX shell command line: single-quoted. */
    public static String shellQuote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }

    /**
     * A fixture file holding one case that sends {@code lines} verbatim and expects the reference's answers.
     *
     * @param section the file's section (the second segment of {@code caseId})
     * @param expectations one per line, in order
     */
    public static ObjectNode fixture(String section, String spec, String caseId, Level level, String description,
            String language, List<String> lines, List<Expectation> expectations) {
        if (lines.size() != expectations.size()) {
            throw new IllegalArgumentException(lines.size() + " lines but " + expectations.size() + " expectations");
        }
        ObjectNode file = NODES.objectNode();
        file.put("section", section);
        file.put("spec", spec);
        ObjectNode testCase = file.putArray("cases").addObject();
        testCase.put("id", caseId);
        testCase.put("level", level.name());
        testCase.put("description", description);
        testCase.putArray("capabilities").add("lang:" + language);
        testCase.put("fresh", true);
        testCase.put("note", "Shrunk by couchtck from a generated counterexample; the expectations are the "
                + "reference query server's answers.");
        ArrayNode steps = testCase.putArray("steps");
        for (int i = 0; i < lines.size(); i++) {
            ObjectNode step = steps.addObject();
            step.put("raw", lines.get(i));
            Expectation expectation = expectations.get(i);
            if (expectation.reply().isPresent()) {
                step.putObject("expect").set("$literal", expectation.reply().get());
            } else if (!expectation.replied()) {
                step.putObject("expect").put("$noreply", true);
            }
            if (expectation.exits()) {
                step.put("exit", true);
            }
        }
        return file;
    }
}
