package org.couchtck.kit.cases;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.couchtck.kit.check.Matcher;
import org.couchtck.kit.check.MatcherSyntaxException;
import org.couchtck.kit.check.Matchers;

/**
 * The field checks every fixture parser shares (the query-server corpus, the HTTP corpus): strict JSON, known fields
 * only, typed fields, levels, capabilities, matchers. Each problem is a {@link FixtureException} naming the file, the
 * case in hand ({@link #enterCase(String)}) and the JSON pointer of the offending field.
 */
public final class FixtureReader {

    /** Decimals keep their written form (2.0 stays 2.0); duplicate keys and trailing data are errors. */
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    private static final Pattern SECTION = Pattern.compile("[a-z0-9_-]+");

    private final String file;
    private String caseId = "";

    /** A reader of the fixture file named {@code file} (as messages name it). */
    public FixtureReader(String file) {
        this.file = file;
    }

    /** The mapper fixtures are read with: exact decimals, no duplicate keys, no trailing data. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** The file's name as messages give it. */
    public String file() {
        return file;
    }

    /** From now on problems name case {@code id}; empty: not inside a case. */
    public void enterCase(String id) {
        caseId = id == null ? "" : id;
    }

    /** The whole file as JSON; malformed JSON is a problem naming line and column. */
    public JsonNode readJson(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            JsonLocation where = e.getLocation();
            String at = where == null ? "" : " at line " + where.getLineNr() + ", column " + where.getColumnNr();
            throw problem("", "malformed JSON" + at + ": " + e.getOriginalMessage());
        }
    }

    /** Reads one case of a sectioned fixture file: its node, its JSON pointer, the file's section and spec. */
    @FunctionalInterface
    public interface CaseParser<T> {
        T parse(JsonNode node, String at, String section, String fileSpec);
    }

    /** A case read from a sectioned fixture file, with its JSON pointer. */
    @FunctionalInterface
    public interface Located<T, L> {
        L at(T testCase, String pointer);
    }

    /**
     * The cases of a sectioned fixture file ({@code {"section", "spec", "cases": [...]}} and {@code fileFields}), each
     * read by {@code parser}, in file order. The shape the HTTP, daemon and external suites' files share.
     */
    public <T, L> List<L> sectionedCases(String text, Set<String> fileFields, CaseParser<T> parser,
            Located<T, L> located) {
        JsonNode root = readJson(text);
        requireObject(root, "", "a fixture file is an object with section, spec and cases");
        onlyFields(root, "", fileFields);
        String section = section(root);
        String fileSpec = optionalText(root, "", "spec").orElse("");
        JsonNode cases = root.get("cases");
        if (cases == null || !cases.isArray()) {
            throw problem("/cases", "cases must be an array");
        }
        List<L> loaded = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            enterCase("");
            String at = "/cases/" + i;
            loaded.add(located.at(parser.parse(cases.get(i), at, section, fileSpec), at));
        }
        return loaded;
    }

    /**
     * The id of the case at {@code at}, which must be {@code <suitePrefix>.<section>.<name>} with lowercase
     * {@code [a-z0-9_-]} segments and the file's section; problems from here on name the case.
     */
    public String caseId(JsonNode node, String at, String suitePrefix, String section) {
        requireObject(node, at, "a case is an object");
        JsonNode idNode = node.get("id");
        if (idNode != null && idNode.isTextual()) {
            enterCase(idNode.textValue());
        }
        String id = requiredText(node, at, "id");
        if (!Pattern.compile(Pattern.quote(suitePrefix) + "(\\.[a-z0-9_-]+){2,}").matcher(id).matches()) {
            throw problem(at + "/id", "id must be " + suitePrefix + ".<section>.<name> with lowercase [a-z0-9_-] "
                    + "segments");
        }
        String idSection = id.split("\\.")[1];
        if (!idSection.equals(section)) {
            throw problem(at + "/id", "the id's section '" + idSection + "' differs from the file's section '"
                    + section + "'");
        }
        return id;
    }

    /** The file's {@code section}: required, lowercase {@code [a-z0-9_-]+}. */
    public String section(JsonNode root) {
        String section = requiredText(root, "", "section");
        if (!SECTION.matcher(section).matches()) {
            throw problem("/section", "section must be lowercase [a-z0-9_-]+, got '" + section + "'");
        }
        return section;
    }

    /** The case's {@code description}: required, one non-empty line. */
    public String description(JsonNode node, String at) {
        String description = requiredText(node, at, "description");
        if (description.isBlank() || description.contains("\n")) {
            throw problem(at + "/description", "description must be one non-empty line");
        }
        return description;
    }

    /** The case's {@code spec}, else the file's; one of them must be set. */
    public String spec(JsonNode node, String at, String fileSpec) {
        String spec = optionalText(node, at, "spec").orElse(fileSpec);
        if (spec.isBlank()) {
            throw problem(at + "/spec", "no spec reference: set spec on the case or on the file");
        }
        return spec;
    }

    /** The case's {@code level}: one of {@link Level}'s names. */
    public Level level(JsonNode node, String at) {
        String text = requiredText(node, at, "level");
        try {
            return Level.valueOf(text);
        } catch (IllegalArgumentException e) {
            throw problem(at + "/level", "level must be one of " + Arrays.toString(Level.values()) + ", got '"
                    + text + "'");
        }
    }

    /** The case's {@code capabilities} (fixtures/README.md "Capabilities"); empty when absent. */
    public List<String> capabilities(JsonNode node, String at) {
        JsonNode list = node.get("capabilities");
        if (list == null) {
            return List.of();
        }
        if (!list.isArray()) {
            throw problem(at + "/capabilities", "capabilities must be an array of strings");
        }
        List<String> capabilities = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String where = at + "/capabilities/" + i;
            if (!list.get(i).isTextual()) {
                throw problem(where, "a capability is a string");
            }
            try {
                Capability.parse(list.get(i).textValue());
            } catch (IllegalArgumentException e) {
                throw problem(where, e.getMessage());
            }
            capabilities.add(list.get(i).textValue());
        }
        return capabilities;
    }

    /** The matcher {@code spec} found at {@code at}, compiled; notation errors point into it. */
    public Matcher matcher(JsonNode spec, String at) {
        try {
            return Matchers.compile(spec);
        } catch (MatcherSyntaxException e) {
            throw problem(at + e.pointer(), e.getMessage());
        }
    }

    /** The matcher in {@code node}'s {@code field}, compiled; empty when the field is absent. */
    public Optional<Matcher> matcher(JsonNode node, String at, String field) {
        JsonNode spec = node.get(field);
        return spec == null ? Optional.empty() : Optional.of(matcher(spec, at + "/" + field));
    }

    /** Throws for the first field of {@code node} not in {@code allowed}: a typo never silently weakens a file. */
    public void onlyFields(JsonNode node, String at, Set<String> allowed) {
        onlyFields(node, allowed, file, caseId, at);
    }

    /** Throws for the first field of {@code node} not in {@code allowed}, naming {@code file}, case and pointer. */
    public static void onlyFields(JsonNode node, Set<String> allowed, String file, String id, String at) {
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name)) {
                throw new FixtureException(file, id, at + "/" + escape(name), "unknown field '" + name
                        + "' (allowed: " + allowed.stream().sorted().toList() + ")");
            }
        }
    }

    /** Throws unless {@code node} is an object; {@code what} says what was expected. */
    public void requireObject(JsonNode node, String at, String what) {
        if (node == null || !node.isObject()) {
            throw problem(at, what);
        }
    }

    /** The string in {@code node}'s {@code field}; missing or not a string is a problem. */
    public String requiredText(JsonNode node, String at, String field) {
        JsonNode value = node.get(field);
        if (value == null) {
            throw problem(at + "/" + field, "missing required field '" + field + "'");
        }
        if (!value.isTextual()) {
            throw problem(at + "/" + field, field + " must be a string");
        }
        return value.textValue();
    }

    /** The string in {@code node}'s {@code field}, empty when absent; not a string is a problem. */
    public Optional<String> optionalText(JsonNode node, String at, String field) {
        return node.has(field) ? Optional.of(requiredText(node, at, field)) : Optional.empty();
    }

    /** The boolean in {@code node}'s {@code field}, false when absent; not a boolean is a problem. */
    public boolean optionalBoolean(JsonNode node, String at, String field) {
        JsonNode value = node.get(field);
        if (value == null) {
            return false;
        }
        if (!value.isBoolean()) {
            throw problem(at + "/" + field, field + " must be true or false");
        }
        return value.booleanValue();
    }

    /** A problem at {@code pointer} of the file, inside the current case. */
    public FixtureException problem(String pointer, String what) {
        return new FixtureException(file, caseId, pointer, what);
    }

    /** {@code token} as one JSON pointer segment. */
    public static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }
}
