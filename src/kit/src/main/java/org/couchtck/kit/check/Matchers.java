package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Compiles the fixture matcher notation (fixtures/README.md) into {@link Matcher}s.
 *
 * <p>A JSON value is a literal; an object whose only key starts with {@code $} is an operator. Objects that mix
 * {@code $} keys with others are rejected, so a misspelt operator never silently becomes a literal.
 */
public final class Matchers {

    private static final Set<String> ERROR_PARTS = Set.of("id", "reason");
    private static final Set<String> APPROX_PARTS = Set.of("value", "within");
    private static final Set<String> REVISION_PARTS = Set.of("couchdb", "gen", "as");
    /** A name {@code $rev} binds: what HTTP cases take for a variable. */
    private static final Pattern BINDABLE = Pattern.compile("[a-z][a-z0-9_-]*");

    private Matchers() {
    }

    /**
     * Compiles a matcher spec.
     *
     * @throws MatcherSyntaxException when the spec is not valid notation; its pointer locates the problem in spec
     */
    public static Matcher compile(JsonNode spec) throws MatcherSyntaxException {
        Objects.requireNonNull(spec, "spec");
        if (spec.isMissingNode()) {
            throw new MatcherSyntaxException("", "a matcher must be a JSON value");
        }
        if (spec.isObject()) {
            return compileObject(spec);
        }
        if (spec.isArray()) {
            List<Matcher> elements = new ArrayList<>();
            for (int i = 0; i < spec.size(); i++) {
                elements.add(nested(Integer.toString(i), spec.get(i)));
            }
            return new ArrayMatcher(spec, elements);
        }
        return new ScalarMatcher(spec);
    }

    /** A matcher that accepts anything, including no reply ({@code {"$any": true}}). */
    public static Matcher any() {
        return new AnyMatcher(JsonNodeFactory.instance.objectNode().put("$any", true));
    }

    private static Matcher compileObject(JsonNode spec) {
        List<String> names = new ArrayList<>();
        spec.fieldNames().forEachRemaining(names::add);
        if (names.size() == 1 && names.get(0).startsWith("$")) {
            String operator = names.get(0);
            try {
                return operator(operator, spec.get(operator), spec);
            } catch (MatcherSyntaxException e) {
                throw e.under(operator);
            }
        }
        Map<String, Matcher> members = new LinkedHashMap<>();
        for (String name : names) {
            if (name.startsWith("$")) {
                throw new MatcherSyntaxException("/" + escape(name), "an operator object has exactly one key; "
                        + "use {\"$literal\": ...} for an object with \"$\" keys");
            }
            members.put(name, nested(name, spec.get(name)));
        }
        return new ObjectMatcher(spec, members);
    }

    private static Matcher operator(String operator, JsonNode arg, JsonNode spec) {
        return switch (operator) {
            case "$any" -> {
                requireTrue(arg);
                yield new AnyMatcher(spec);
            }
            case "$noreply" -> {
                requireTrue(arg);
                yield new NoReplyMatcher(spec);
            }
            case "$error" -> errorReply(spec, "error", arg);
            case "$fatal" -> errorReply(spec, "fatal", arg);
            case "$startsWith" -> {
                String prefix = requireText(arg);
                yield new StringMatcher(spec, "a string starting with " + quote(prefix), s -> s.startsWith(prefix));
            }
            case "$contains" -> {
                String part = requireText(arg);
                yield new StringMatcher(spec, "a string containing " + quote(part), s -> s.contains(part));
            }
            case "$regex" -> {
                Pattern pattern = regex(requireText(arg));
                yield new StringMatcher(spec, "a string matching /" + pattern.pattern() + "/",
                        s -> pattern.matcher(s).matches());
            }
            case "$oneOf" -> {
                List<Matcher> alternatives = list(arg);
                if (alternatives.isEmpty()) {
                    throw new MatcherSyntaxException("", "$oneOf needs at least one alternative");
                }
                yield new OneOfMatcher(spec, alternatives);
            }
            case "$unordered" -> new UnorderedMatcher(spec, list(arg));
            case "$approx" -> approx(spec, arg);
            case "$type" -> {
                String type = requireText(arg);
                if (!TypeMatcher.TYPES.contains(type)) {
                    throw new MatcherSyntaxException("", "unknown type " + quote(type) + ", expected one of "
                            + String.join(", ", TypeMatcher.TYPES.stream().sorted().toList()));
                }
                yield new TypeMatcher(spec, type);
            }
            case "$literal" -> new LabelledMatcher(spec, literal(arg));
            case "$json" -> new JsonTextMatcher(spec, nested("$json", arg));
            case "$fields" -> fields(spec, arg);
            case "$atLeast" -> new BoundMatcher(spec, BoundMatcher.Side.AT_LEAST, bound(arg));
            case "$atMost" -> new BoundMatcher(spec, BoundMatcher.Side.AT_MOST, bound(arg));
            case "$absent" -> {
                requireTrue(arg);
                yield new AbsentMatcher(spec);
            }
            case "$seq" -> {
                requireTrue(arg);
                yield new SeqMatcher(spec);
            }
            case "$rev" -> revision(spec, arg);
            case "$as" -> binding(spec, arg);
            case "$exact" -> new ExactMatcher(spec, arg, literal(arg));
            default -> throw new MatcherSyntaxException("", "unknown matcher " + operator);
        };
    }

    /** The value exactly: nothing inside is read as an operator. */
    private static Matcher literal(JsonNode value) {
        if (value.isArray()) {
            List<Matcher> elements = new ArrayList<>();
            value.forEach(element -> elements.add(literal(element)));
            return new ArrayMatcher(value, elements);
        }
        if (value.isObject()) {
            Map<String, Matcher> members = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> member = it.next();
                members.put(member.getKey(), literal(member.getValue()));
            }
            return new ObjectMatcher(value, members);
        }
        return new ScalarMatcher(value);
    }

    /** {@code {"$fields": {"k": M, ...}}}: an object with at least these members, each matched; others allowed. */
    private static Matcher fields(JsonNode spec, JsonNode arg) {
        if (!arg.isObject()) {
            throw new MatcherSyntaxException("", "expected an object of member matchers");
        }
        Map<String, Matcher> members = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> member : arg.properties()) {
            members.put(member.getKey(), nested(member.getKey(), member.getValue()));
        }
        return new ObjectMatcher(spec, members, true);
    }

    /**
     * {@code {"$rev": true}}, {@code {"$rev": "1-<CouchDB's id>"}} or {@code {"$rev": {"couchdb": ..., "gen": N,
     * "as": name}}}: a revision id (see {@link RevisionMatcher}).
     */
    private static Matcher revision(JsonNode spec, JsonNode arg) {
        if (arg.isBoolean() && arg.booleanValue()) {
            return new RevisionMatcher(spec, OptionalInt.empty(), Optional.empty(), Optional.empty());
        }
        if (arg.isTextual()) {
            return new RevisionMatcher(spec, couchDbGeneration(arg, ""), Optional.of(arg.textValue()),
                    Optional.empty());
        }
        if (!arg.isObject()) {
            throw new MatcherSyntaxException("", "expected true, CouchDB's revision id, or {\"couchdb\": id, \"gen\": "
                    + "N, \"as\": name}");
        }
        for (Iterator<String> names = arg.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!REVISION_PARTS.contains(name)) {
                throw new MatcherSyntaxException("/" + escape(name), "unknown field " + quote(name)
                        + ", expected \"couchdb\", \"gen\" or \"as\"");
            }
        }
        Optional<String> couchDb = Optional.empty();
        OptionalInt generation = OptionalInt.empty();
        if (arg.has("couchdb")) {
            if (!arg.get("couchdb").isTextual()) {
                throw new MatcherSyntaxException("/couchdb", "expected CouchDB's revision id as a string");
            }
            couchDb = Optional.of(arg.get("couchdb").textValue());
            generation = couchDbGeneration(arg.get("couchdb"), "/couchdb");
        }
        if (arg.has("gen")) {
            JsonNode gen = arg.get("gen");
            if (!gen.canConvertToInt() || !gen.isIntegralNumber() || gen.asInt() < 1) {
                throw new MatcherSyntaxException("/gen", "expected a generation, a whole number from 1");
            }
            if (generation.isPresent() && generation.getAsInt() != gen.asInt()) {
                throw new MatcherSyntaxException("/gen", "CouchDB's id is of generation " + generation.getAsInt());
            }
            generation = OptionalInt.of(gen.asInt());
        }
        Optional<String> as = Optional.empty();
        if (arg.has("as")) {
            JsonNode name = arg.get("as");
            if (!name.isTextual() || !BINDABLE.matcher(name.textValue()).matches()) {
                throw new MatcherSyntaxException("/as", "expected a name, lowercase [a-z][a-z0-9_-]*");
            }
            as = Optional.of(name.textValue());
        }
        return new RevisionMatcher(spec, generation, couchDb, as);
    }

    /** {@code {"$as": {"name": N, "match": M}}}: see {@link BindingMatcher}. */
    private static Matcher binding(JsonNode spec, JsonNode arg) {
        if (!arg.isObject() || !arg.has("name") || !arg.has("match") || arg.size() != 2) {
            throw new MatcherSyntaxException("", "expected {\"name\": name, \"match\": matcher}");
        }
        JsonNode name = arg.get("name");
        if (!name.isTextual() || !BINDABLE.matcher(name.textValue()).matches()) {
            throw new MatcherSyntaxException("/name", "expected a name, lowercase [a-z][a-z0-9_-]*");
        }
        return new BindingMatcher(spec, name.textValue(), nested("match", arg.get("match")));
    }

    private static OptionalInt couchDbGeneration(JsonNode id, String pointer) {
        OptionalInt generation = RevisionMatcher.generationOf(id.textValue());
        if (generation.isEmpty()) {
            throw new MatcherSyntaxException(pointer, "not a revision id N-<id>: " + quote(id.textValue()));
        }
        return generation;
    }

    /**
     * The names {@code spec} binds ({@code $rev} with {@code as}, {@code $as}), in order (a spec that is not valid
     * notation may give fewer); {@code $literal} values are not looked into.
     */
    public static java.util.List<String> boundNames(JsonNode spec) {
        java.util.List<String> names = new ArrayList<>();
        collectBoundNames(spec, names);
        return names;
    }

    private static void collectBoundNames(JsonNode spec, java.util.List<String> names) {
        if (spec.isObject() && spec.size() == 1 && spec.has("$literal")) {
            return;
        }
        JsonNode name = spec.isObject() && spec.size() == 1 && spec.has("$rev") ? spec.get("$rev").get("as")
                : spec.isObject() && spec.size() == 1 && spec.has("$as") ? spec.get("$as").get("name") : null;
        if (name != null && name.isTextual() && !names.contains(name.textValue())) {
            names.add(name.textValue());
        }
        spec.forEach(child -> collectBoundNames(child, names));
    }

    private static Matcher errorReply(JsonNode spec, String tag, JsonNode arg) {
        if (!arg.isObject()) {
            throw new MatcherSyntaxException("", "expected an object with optional \"id\" and \"reason\" matchers");
        }
        for (Iterator<String> names = arg.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!ERROR_PARTS.contains(name)) {
                throw new MatcherSyntaxException("/" + escape(name), "unknown field " + quote(name)
                        + ", expected \"id\" or \"reason\"");
            }
        }
        Optional<Matcher> id = arg.has("id") ? Optional.of(nested("id", arg.get("id"))) : Optional.empty();
        Optional<Matcher> reason = arg.has("reason") ? Optional.of(nested("reason", arg.get("reason")))
                : Optional.empty();
        return new ErrorReplyMatcher(spec, tag, id, reason);
    }

    private static Matcher approx(JsonNode spec, JsonNode arg) {
        if (!arg.isObject()) {
            throw new MatcherSyntaxException("", "expected {\"value\": number, \"within\": number}");
        }
        for (Iterator<String> names = arg.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!APPROX_PARTS.contains(name)) {
                throw new MatcherSyntaxException("/" + escape(name), "unknown field " + quote(name)
                        + ", expected \"value\" and \"within\"");
            }
        }
        BigDecimal value = number(arg, "value");
        BigDecimal within = number(arg, "within");
        if (within.signum() < 0) {
            throw new MatcherSyntaxException("/within", "the tolerance must not be negative");
        }
        return new ApproxMatcher(spec, value, within);
    }

    private static BigDecimal number(JsonNode arg, String name) {
        JsonNode node = arg.get(name);
        if (node == null || !node.isNumber() || !JsonNumbers.finite(node)) {
            throw new MatcherSyntaxException("/" + name, "expected a number");
        }
        return JsonNumbers.value(node);
    }

    private static BigDecimal bound(JsonNode arg) {
        if (!arg.isNumber() || !JsonNumbers.finite(arg)) {
            throw new MatcherSyntaxException("", "expected a number");
        }
        return JsonNumbers.value(arg);
    }

    private static List<Matcher> list(JsonNode arg) {
        if (!arg.isArray()) {
            throw new MatcherSyntaxException("", "expected an array of matchers");
        }
        List<Matcher> matchers = new ArrayList<>();
        for (int i = 0; i < arg.size(); i++) {
            matchers.add(nested(Integer.toString(i), arg.get(i)));
        }
        return matchers;
    }

    private static Matcher nested(String token, JsonNode spec) {
        try {
            return compile(spec);
        } catch (MatcherSyntaxException e) {
            throw e.under(token);
        }
    }

    private static Pattern regex(String text) {
        try {
            return Pattern.compile(text, Pattern.DOTALL);
        } catch (PatternSyntaxException e) {
            throw new MatcherSyntaxException("", "invalid regular expression: " + e.getDescription());
        }
    }

    private static void requireTrue(JsonNode arg) {
        if (!arg.isBoolean() || !arg.booleanValue()) {
            throw new MatcherSyntaxException("", "expected true");
        }
    }

    private static String requireText(JsonNode arg) {
        if (!arg.isTextual()) {
            throw new MatcherSyntaxException("", "expected a string");
        }
        return arg.textValue();
    }

    private static String quote(String text) {
        return JsonNodeFactory.instance.textNode(text).toString();
    }

    private static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }
}
