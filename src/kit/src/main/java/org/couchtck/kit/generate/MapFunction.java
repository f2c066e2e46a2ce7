package org.couchtck.kit.generate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.List;
import java.util.Optional;

/**
 * A map function as a small language-neutral tree over the document's fields: statements that emit keys and values,
 * possibly under conditions. A {@link FunctionRenderer} turns it into source code.
 *
 * @param body the statements, run in order for every document
 */
public record MapFunction(List<Statement> body) {

    public MapFunction {
        body = List.copyOf(body);
    }

    /** A statement of a map function. */
    public sealed interface Statement permits Emit, When {}

    /** {@code emit(key, value)}. */
    public record Emit(Expr key, Expr value) implements Statement {}

    /** Runs {@code then} only when {@code condition} holds. */
    public record When(Condition condition, List<Statement> then) implements Statement {
        public When {
            then = List.copyOf(then);
        }
    }

    /** A value computed from the document. */
    public sealed interface Expr permits Field, Constant, ArrayOf, ObjectOf, NonJson, Library {}

    /** The document's field {@code name}, undefined when it is missing. */
    public record Field(String name) implements Expr {}

    /**
     * The {@code value} that library module {@code module} exports; the module comes with {@code add_lib} (see
     * {@link FunctionRenderer#libraryModule}).
     */
    public record Library(String module) implements Expr {}

    /** A JSON constant (small numbers, plain strings, booleans, null). */
    public record Constant(JsonNode value) implements Expr {}

    /** An array of values. */
    public record ArrayOf(List<Expr> items) implements Expr {
        public ArrayOf {
            items = List.copyOf(items);
        }
    }

    /** An object with the given members in order. */
    public record ObjectOf(List<Member> members) implements Expr {
        public ObjectOf {
            members = List.copyOf(members);
        }
    }

    /** One member of an {@link ObjectOf}. */
    public record Member(String key, Expr value) {}

    /** A value JSON cannot express; how it is serialised is the language's business (and the point of the test). */
    public record NonJson(Kind kind) implements Expr {
        /** Which value. */
        public enum Kind { UNDEFINED, NAN, INFINITY, NEGATIVE_INFINITY }
    }

    /** A test on the document. */
    public sealed interface Condition permits Has, IsNumber, IsString, Not {}

    /** The field is present. */
    public record Has(String field) implements Condition {}

    /** The field is a number. */
    public record IsNumber(String field) implements Condition {}

    /** The field is a string. */
    public record IsString(String field) implements Condition {}

    /** The opposite of a condition. */
    public record Not(Condition condition) implements Condition {}

    /**
     * Generates a map function: a few statements, mostly emits of fields, constants, arrays and objects. The
     * simplest one (all choices 0) emits nothing.
     */
    public static MapFunction generate(Choices choices) {
        return generate(choices, Optional.empty());
    }

    /**
     * Generates a map function that may also read the value library module {@code module} exports, for sessions
     * that send it with {@code add_lib}.
     */
    public static MapFunction generate(Choices choices, Optional<String> module) {
        return new MapFunction(statements(choices, 0, module));
    }

    private static List<Statement> statements(Choices choices, int depth, Optional<String> module) {
        return choices.list(4, 70, c -> depth < 2 && c.chance(25)
                ? new When(condition(c), statements(c, depth + 1, module))
                : new Emit(expr(c, 0, module), expr(c, 0, module)));
    }

    private static Condition condition(Choices choices) {
        String field = DocumentGenerator.key(choices);
        Condition condition = switch ((int) choices.draw(2)) {
            case 0 -> new Has(field);
            case 1 -> new IsNumber(field);
            default -> new IsString(field);
        };
        return choices.chance(30) ? new Not(condition) : condition;
    }

    private static Expr expr(Choices choices, int depth, Optional<String> module) {
        int kind = (int) choices.draw(depth < 2 ? 4 : 2);
        return switch (kind) {
            case 0 -> new Constant(constant(choices));
            case 1 -> module.isPresent() && choices.chance(20) ? new Library(module.get())
                    : new Field(DocumentGenerator.key(choices));
            case 2 -> new NonJson(choices.pick(List.of(NonJson.Kind.values())));
            case 3 -> new ArrayOf(choices.list(3, 65, c -> expr(c, depth + 1, module)));
            default -> new ObjectOf(choices.list(3, 65,
                    c -> new Member(memberKey(DocumentGenerator.key(c)), expr(c, depth + 1, module))));
        };
    }

    /**
     * An object literal's key. {@code __proto__} in a JavaScript literal sets the prototype (twice is a syntax
     * error), which is engine syntax rather than protocol, so literals never use it; documents and field reads do.
     */
    private static String memberKey(String key) {
        return key.equals("__proto__") ? "proto" : key;
    }

    private static JsonNode constant(Choices choices) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        return switch ((int) choices.draw(4)) {
            case 0 -> nodes.nullNode();
            case 1 -> nodes.numberNode(choices.draw(1000) - 500);
            case 2 -> nodes.textNode(choices.pick(List.of("k", "key", "", "\u00e9", "\uD83D\uDE00")));
            case 3 -> nodes.booleanNode(choices.draw(1) == 1);
            default -> nodes.numberNode(choices.draw(100) / 4.0);
        };
    }
}
