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
