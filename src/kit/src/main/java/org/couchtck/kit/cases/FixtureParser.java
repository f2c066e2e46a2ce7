package org.couchtck.kit.cases;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;
import org.couchtck.kit.check.Matcher;
import org.couchtck.kit.check.Matchers;

/** Reads one fixture file into cases, checking every field (fixtures/README.md); problems are FixtureExceptions. */
final class FixtureParser {

    /** Decimals keep their written form (2.0 stays 2.0); duplicate keys and trailing data are errors. */
    static final ObjectMapper MAPPER = FixtureReader.MAPPER;

    static final Pattern ID = Pattern.compile("qs(\\.[a-z0-9_-]+){2,}");
    private static final Pattern LANGUAGE = Pattern.compile("[a-z0-9_+-]+");

    private static final Set<String> FILE_FIELDS = Set.of("section", "spec", "cases");
    private static final Set<String> CASE_FIELDS = Set.of("id", "level", "description", "spec", "transcript",
            "transcriptLines", "capabilities", "fresh", "note", "steps", "profile");
    private static final List<String> SENDING_FIELDS = List.of("send", "raw", "reset", "reduce", "rereduce", "close");
    private static final Set<String> STEP_FIELDS = Set.of("send", "raw", "reset", "reduce", "rereduce", "close",
            "insert", "expect", "logs", "exit", "timeout");
    /** A placeholder in a raw line, replaced by the JSON of the step's {@code insert} value of that name. */
    static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z0-9_-]+)}}");

    private final FixtureReader reader;
    private final FunctionLibrary functions;

    /** A parser for {@code file} whose {@code $fn} ids must name functions of {@code functions}' catalogue. */
    FixtureParser(String file, FunctionLibrary functions) {
        this.reader = new FixtureReader(file);
        this.functions = functions;
    }

    /** The cases of the file, in file order. */
    List<LoadedCase> parse(String text) {
        JsonNode root = reader.readJson(text);
        requireObject(root, "", "a fixture file is an object with section, spec and cases");
        onlyFields(root, "", FILE_FIELDS);
        String section = reader.section(root);
        String fileSpec = optionalText(root, "", "spec").orElse("");
        JsonNode cases = root.get("cases");
        if (cases == null || !cases.isArray()) {
            throw problem("/cases", "cases must be an array");
        }
        List<LoadedCase> loaded = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            reader.enterCase("");
            loaded.add(parseCase(cases.get(i), "/cases/" + i, section, fileSpec));
        }
        return loaded;
    }

    private LoadedCase parseCase(JsonNode node, String at, String section, String fileSpec) {
        requireObject(node, at, "a case is an object");
        JsonNode idNode = node.get("id");
        if (idNode != null && idNode.isTextual()) {
            reader.enterCase(idNode.textValue());
        }
        String id = requiredText(node, at, "id");
        if (!ID.matcher(id).matches()) {
            throw problem(at + "/id", "id must be qs.<section>.<name> with lowercase [a-z0-9_-] segments");
        }
        String idSection = id.split("\\.")[1];
        if (!idSection.equals(section)) {
            throw problem(at + "/id", "the id's section '" + idSection + "' differs from the file's section '"
                    + section + "'");
        }
        onlyFields(node, at, CASE_FIELDS);
        Level level = reader.level(node, at);
        String description = reader.description(node, at);
        String spec = reader.spec(node, at, fileSpec);
        Optional<String> transcript = optionalText(node, at, "transcript");
        if (transcript.isPresent() && !ID.matcher(transcript.get()).matches()) {
            throw problem(at + "/transcript", "not a session id: '" + transcript.get() + "'");
        }
        List<String> capabilities = reader.capabilities(node, at);
        boolean fresh = optionalBoolean(node, at, "fresh");
        String note = optionalText(node, at, "note").orElse("");
        Conformance conformance = conformance(node, at);
        List<Step> steps = steps(node, at);
        Optional<TranscriptLines> lines = transcriptLines(node, at, transcript, steps);
        Case parsed = new Case(id, section, level, description, spec, transcript, capabilities, fresh, note, steps,
                reader.file(), conformance);
        return new LoadedCase(parsed, lines, at);
    }

    private Conformance conformance(JsonNode node, String at) {
        Optional<String> text = optionalText(node, at, "profile");
        try {
            return text.map(Conformance::parse).orElse(Conformance.COUCHDB);
        } catch (IllegalArgumentException e) {
            throw problem(at + "/profile", e.getMessage());
        }
    }

    private List<Step> steps(JsonNode node, String at) {
        JsonNode list = node.get("steps");
        if (list == null || !list.isArray() || list.isEmpty()) {
            throw problem(at + "/steps", "steps must be a non-empty array");
        }
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String where = at + "/steps/" + i;
            if (!steps.isEmpty() && steps.get(steps.size() - 1).kind() == StepKind.CLOSE) {
                throw problem(where, "no step may follow a close step");
            }
            steps.add(step(list.get(i), where, i));
        }
        return steps;
    }

    private Step step(JsonNode node, String at, int index) {
        requireObject(node, at, "a step is an object");
        onlyFields(node, at, STEP_FIELDS);
        List<String> sending = SENDING_FIELDS.stream().filter(node::has).toList();
        if (sending.size() != 1) {
            throw problem(at, "a step needs exactly one of " + SENDING_FIELDS + ", found " + sending);
        }
        String field = sending.get(0);
        JsonNode value = node.get(field);
        String where = at + "/" + field;
        StepKind kind;
        JsonNode payload;
        switch (field) {
            case "send" -> {
                kind = StepKind.SEND;
                payload = checkedFunctions(value, where);
            }
            case "raw" -> {
                kind = StepKind.RAW;
                if (!value.isTextual() || value.textValue().contains("\n")) {
                    throw problem(where, "raw must be a string without a newline (one line is sent)");
                }
                payload = rawPayload(value.textValue(), node.get("insert"), at);
            }
            case "reset" -> {
                kind = StepKind.RESET;
                if (value.isBoolean() && value.booleanValue()) {
                    payload = JsonNodeFactory.instance.objectNode();
                } else if (value.isObject()) {
                    payload = value;
                } else {
                    throw problem(where, "reset must be true or an object of config overrides");
                }
            }
            case "reduce" -> {
                kind = StepKind.REDUCE;
                payload = reduction(value, where, "kvs");
            }
            case "rereduce" -> {
                kind = StepKind.REREDUCE;
                payload = reduction(value, where, "values");
            }
            default -> {
                kind = StepKind.CLOSE;
                if (!value.isBoolean() || !value.booleanValue()) {
                    throw problem(where, "close must be true");
                }
                if (node.has("expect")) {
                    throw problem(at + "/expect", "a close step has no reply to expect; use exit");
                }
                payload = NullNode.getInstance();
            }
        }
        if (node.has("insert") && kind != StepKind.RAW) {
            throw problem(at + "/insert", "insert fills the placeholders of a raw line; this step has none");
        }
        Optional<Matcher> expect = matcher(node, at, "expect");
        Optional<Matcher> logs = matcher(node, at, "logs");
        Optional<Matcher> exit = exit(node, at);
        OptionalLong timeout = timeout(node, at);
        return new Step(index, kind, payload, expect, logs, exit, timeout);
    }

    /** {@code {"raw": text, "insert": {name: value}}}: every placeholder of the text has a value and vice versa. */
    private JsonNode rawPayload(String text, JsonNode insert, String at) {
        ObjectNode payload = JsonNodeFactory.instance.objectNode().put("raw", text);
        ObjectNode values = payload.putObject("insert");
        Set<String> placeholders = new java.util.LinkedHashSet<>();
        PLACEHOLDER.matcher(text).results().forEach(m -> placeholders.add(m.group(1)));
        if (insert == null) {
            if (!placeholders.isEmpty()) {
                throw problem(at + "/insert", "no value for the placeholder {{" + placeholders.iterator().next()
                        + "}} of the raw line");
            }
            return payload;
        }
        if (!insert.isObject()) {
            throw problem(at + "/insert", "insert maps placeholder names to the JSON values that replace {{name}}");
        }
        for (Iterator<String> names = insert.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!placeholders.contains(name)) {
                throw problem(at + "/insert/" + escape(name), "the raw line has no placeholder {{" + name + "}}");
            }
            values.set(name, checkedFunctions(insert.get(name), at + "/insert/" + escape(name)));
        }
        for (String name : placeholders) {
            if (!insert.has(name)) {
                throw problem(at + "/insert", "no value for the placeholder {{" + name + "}} of the raw line");
            }
        }
        return payload;
    }

    private JsonNode reduction(JsonNode value, String at, String rowsField) {
        requireObject(value, at, "expected {\"funs\": [...], \"" + rowsField + "\": [...], \"context\": \"...\"}");
        onlyFields(value, at, Set.of("funs", rowsField, "context"));
        JsonNode funs = value.get("funs");
        if (funs == null || !funs.isArray()) {
            throw problem(at + "/funs", "funs must be an array of function sources");
        }
        for (int i = 0; i < funs.size(); i++) {
            JsonNode fun = funs.get(i);
            if (!fun.isTextual() && !FunctionSources.isFunction(fun)) {
                throw problem(at + "/funs/" + i, "a function is a string or {\"$fn\": ...}");
            }
        }
        JsonNode rows = value.get(rowsField);
        if (rows == null || !rows.isArray()) {
            throw problem(at + "/" + rowsField, rowsField + " must be an array");
        }
        JsonNode context = value.get("context");
        if (context != null && !context.isTextual()) {
            throw problem(at + "/context", "context must be a string");
        }
        return checkedFunctions(value, at);
    }

    /**
     * Checks every {@code $fn} inside {@code value}: its only key, holding a catalogue function id or an object of
     * language to source string.
     */
    private JsonNode checkedFunctions(JsonNode value, String at) {
        if (value.isObject() && value.has(FunctionSources.KEY)) {
            if (value.size() != 1) {
                throw problem(at, "a $fn object has no other keys");
            }
            JsonNode sources = value.get(FunctionSources.KEY);
            if (sources.isTextual()) {
                if (functions.function(sources.textValue()).isEmpty()) {
                    throw problem(at + "/$fn", "no function '" + sources.textValue() + "' in the catalogue "
                            + "(fixtures/functions/catalogue.json; couchtck functions lists it)");
                }
                return value;
            }
            if (!sources.isObject() || sources.isEmpty()) {
                throw problem(at + "/$fn", "$fn names a catalogue function (\"map.emit-doc-id\") or maps languages "
                        + "to sources ({\"javascript\": \"function(doc){}\"})");
            }
            for (Iterator<String> names = sources.fieldNames(); names.hasNext(); ) {
                String language = names.next();
                if (!LANGUAGE.matcher(language).matches() || !sources.get(language).isTextual()) {
                    throw problem(at + "/$fn/" + escape(language), "a function source is a string under a "
                            + "lowercase language name");
                }
            }
        } else if (value.isArray()) {
            for (int i = 0; i < value.size(); i++) {
                checkedFunctions(value.get(i), at + "/" + i);
            }
        } else if (value.isObject()) {
            for (Iterator<String> names = value.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                checkedFunctions(value.get(name), at + "/" + escape(name));
            }
        }
        return value;
    }

    private Optional<Matcher> matcher(JsonNode node, String at, String field) {
        return reader.matcher(node, at, field);
    }

    private Optional<Matcher> exit(JsonNode node, String at) {
        JsonNode spec = node.get("exit");
        if (spec == null) {
            return Optional.empty();
        }
        if (spec.isBoolean()) {
            if (!spec.booleanValue()) {
                throw problem(at + "/exit", "exit is true or a matcher for the exit status; leave it out otherwise");
            }
            return Optional.of(Matchers.any());
        }
        return matcher(node, at, "exit");
    }

    private OptionalLong timeout(JsonNode node, String at) {
        JsonNode value = node.get("timeout");
        if (value == null) {
            return OptionalLong.empty();
        }
        if (!value.canConvertToLong() || !value.isIntegralNumber() || value.longValue() <= 0) {
            throw problem(at + "/timeout", "timeout is a positive whole number of milliseconds");
        }
        return OptionalLong.of(value.longValue());
    }

    private Optional<TranscriptLines> transcriptLines(JsonNode node, String at, Optional<String> transcript,
            List<Step> steps) {
        JsonNode list = node.get("transcriptLines");
        if (list == null) {
            return Optional.empty();
        }
        String where = at + "/transcriptLines";
        if (transcript.isEmpty()) {
            throw problem(where, "transcriptLines needs transcript");
        }
        if (!list.isArray()) {
            throw problem(where, "transcriptLines is an array of 1-based input line numbers");
        }
        List<Integer> lines = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode line = list.get(i);
            if (!line.isInt() || line.intValue() < 1 || (!lines.isEmpty() && line.intValue() <= lines.get(
                    lines.size() - 1))) {
                throw problem(where + "/" + i, "line numbers are increasing whole numbers from 1");
            }
            lines.add(line.intValue());
        }
        long sending = steps.stream().filter(s -> s.kind() != StepKind.CLOSE).count();
        if (sending != lines.size()) {
            throw problem(where, "lists " + lines.size() + " lines for " + sending + " sending steps");
        }
        return Optional.of(new TranscriptLines(transcript.get(), lines));
    }

    private void onlyFields(JsonNode node, String at, Set<String> allowed) {
        reader.onlyFields(node, at, allowed);
    }

    /** Throws for the first field of {@code node} not in {@code allowed}: a typo never silently weakens a file. */
    static void onlyFields(JsonNode node, Set<String> allowed, String file, String id, String at) {
        FixtureReader.onlyFields(node, allowed, file, id, at);
    }

    private void requireObject(JsonNode node, String at, String what) {
        reader.requireObject(node, at, what);
    }

    private String requiredText(JsonNode node, String at, String field) {
        return reader.requiredText(node, at, field);
    }

    private Optional<String> optionalText(JsonNode node, String at, String field) {
        return reader.optionalText(node, at, field);
    }

    private boolean optionalBoolean(JsonNode node, String at, String field) {
        return reader.optionalBoolean(node, at, field);
    }

    private FixtureException problem(String pointer, String what) {
        return reader.problem(pointer, what);
    }

    /** {@code token} as one JSON pointer segment. */
    static String escape(String token) {
        return FixtureReader.escape(token);
    }
}
