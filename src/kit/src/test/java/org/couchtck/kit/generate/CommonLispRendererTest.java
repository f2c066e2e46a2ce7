package org.couchtck.kit.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.POJONode;
import com.fasterxml.jackson.databind.util.RawValue;
import java.math.BigInteger;
import java.util.List;
import java.util.function.UnaryOperator;
import org.couchtck.kit.generate.MapFunction.ArrayOf;
import org.couchtck.kit.generate.MapFunction.Constant;
import org.couchtck.kit.generate.MapFunction.Emit;
import org.couchtck.kit.generate.MapFunction.Field;
import org.couchtck.kit.generate.MapFunction.Has;
import org.couchtck.kit.generate.MapFunction.IsNumber;
import org.couchtck.kit.generate.MapFunction.IsString;
import org.couchtck.kit.generate.MapFunction.Member;
import org.couchtck.kit.generate.MapFunction.NonJson;
import org.couchtck.kit.generate.MapFunction.Not;
import org.couchtck.kit.generate.MapFunction.ObjectOf;
import org.couchtck.kit.generate.MapFunction.When;
import org.couchtck.kit.process.ChildProcesses;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link CommonLispRenderer}: its sources, and what they map to on chillax's view server against the reference.
 * chillax's deviations that no rendering can help are taken out: its replies are normalised ({@link #UNDO_CHILLAX}:
 * each function's rows in emit order again, and {@code [[]]} for no rows read as {@code []}), and the documents
 * avoid what yason's defaults lose ({@link #YASON_SAFE}).
 */
@Timeout(300)
class CommonLispRendererTest {

    private static final CommonLispRenderer CL = new CommonLispRenderer();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String START = CommonLispRenderer.PRELUDE + "      nil";

    /**
     * chillax's reply as JSON: yason writes control characters other than \b \f \n \r \t in strings as they are,
     * which JSON forbids; outside strings its replies have none.
     */
    static final UnaryOperator<String> ESCAPE_CONTROLS = reply -> {
        StringBuilder out = new StringBuilder();
        reply.chars().forEach(c -> out.append(c < 0x20 ? String.format("\\u%04x", c) : String.valueOf((char) c)));
        return out.toString();
    };

    /**
     * chillax's reply in the reference's shape: chillax pushes each emitted row onto a list and answers it as it
     * stands, so rows come in reverse emit order, and it answers a function without rows with {@code [[]]} (a list
     * holding an empty vector).
     */
    static final UnaryOperator<JsonNode> UNDO_CHILLAX = reply -> {
        ArrayNode out = NODES.arrayNode();
        for (JsonNode rows : reply) {
            ArrayNode inOrder = out.addArray();
            if (rows.size() == 1 && rows.get(0).isArray() && rows.get(0).isEmpty()) {
                continue;
            }
            for (int i = rows.size() - 1; i >= 0; i--) {
                inOrder.add(rows.get(i));
            }
        }
        return out;
    };

    /**
     * A generated document without what chillax cannot give back under yason's defaults: false and [] (both read
     * as NIL, written as null), numbers that are not whole (read by the Lisp reader as single floats: 0.1 comes
     * back as 0.10000000149011612, 1e300 ends the process). Each is replaced by a value chillax keeps: true, [0], 2.
     */
    static final UnaryOperator<JsonNode> YASON_SAFE = doc -> ThirdPartyMapDifferential.mapLeaves(doc, node -> {
        if (node.isBoolean() && !node.booleanValue()) {
            return NODES.booleanNode(true);
        }
        if (node.isArray() && node.isEmpty()) {
            return NODES.arrayNode().add(0);
        }
        if (node instanceof POJONode pojo && pojo.getPojo() instanceof RawValue raw) {
            String text = String.valueOf(raw.rawValue());
            return text.matches("-?[0-9]+") ? NODES.numberNode(new BigInteger(text)) : NODES.numberNode(2);
        }
        if (node.isNumber() && !node.isIntegralNumber()) {
            return NODES.numberNode(2);
        }
        return node;
    });

    /** One chillax for the class. */
    private static ThirdPartyMapDifferential chillax;

    @BeforeAll
    static void startChillax() throws Exception {
        chillax = new ThirdPartyMapDifferential("chillax", CL, ESCAPE_CONTROLS, UNDO_CHILLAX);
    }

    @AfterAll
    static void stopChillax() throws InterruptedException {
        if (chillax != null) {
            chillax.close();
        }
        ChildProcesses.assertNoneAlive();
    }

    @AfterEach
    void chillaxStillAnswers() throws Exception {
        chillax.assertSameMapResults(new MapFunction(List.of()), "{\"_id\":\"alive\"}");
    }

    private static Constant constant(Object value) {
        if (value instanceof Integer i) {
            return new Constant(NODES.numberNode(i));
        }
        if (value instanceof Double d) {
            return new Constant(NODES.numberNode(d));
        }
        if (value instanceof Boolean b) {
            return new Constant(NODES.booleanNode(b));
        }
        return new Constant(value == null ? NODES.nullNode() : NODES.textNode((String) value));
    }

    @Test
    void should_render_emits_with_undefined_carried_through() {
        // given
        MapFunction function = new MapFunction(List.of(new Emit(new Field("a"),
                new ArrayOf(List.of(constant(-1), new NonJson(NonJson.Kind.UNDEFINED), new NonJson(NonJson.Kind.NAN),
                        new ObjectOf(List.of(new Member("k", new Field("odd key")), new Member("t", constant(true)))))))));

        // when
        String source = CL.render(function);

        // then
        assertThat(source).isEqualTo(START + "\n      (emit (v (f \"a\")) (v (vector (v -1) (v undefined) (v nil) "
                + "(v (o \"k\" (f \"odd key\") \"t\" t))))))))");
    }

    @Test
    void should_render_conditions_as_nested_whens() {
        // given
        MapFunction function = new MapFunction(List.of(
                new Emit(constant("first"), constant(false)),
                new When(new Has("a"), List.of()),
                new When(new Not(new IsNumber("n")), List.of(new When(new IsString("s"),
                        List.of(new Emit(constant(null), constant(2.5)))))),
                new When(new Has("constructor"), List.of(new Emit(new Field("__proto__"), constant(1))))));

        // when
        String source = CL.render(function);

        // then
        assertThat(source).isEqualTo(START
                + "\n      (emit (v \"first\") (v 'yason:false))"
                + "\n      (when (nth-value 1 (gethash \"a\" doc)))"
                + "\n      (when (not (numberp (f \"n\")))"
                + "\n        (when (stringp (f \"s\"))"
                + "\n          (emit (v nil) (v 2.5d0))))"
                + "\n      (when t"
                + "\n        (emit (v (f \"__proto__\" (o))) (v 1))))))");
        assertThat(CL.render(new MapFunction(List.of()))).isEqualTo(START + ")))");
    }

    @Test
    void should_write_strings_that_are_not_printable_ascii_as_code_points() {
        // given
        MapFunction function = new MapFunction(List.of(new Emit(constant("caf\u00e9 \"q\" \\ \uD83D\uDE00\n\u0000"),
                new Field("\u043a"))));

        // when
        String source = CL.render(function);

        // then
        assertThat(source).endsWith("(emit (v (map 'string #'code-char '(99 97 102 233 32 34 113 34 32 92 32 128512 10 0))) "
                + "(v (f (map 'string #'code-char '(1082))))))))");
        assertThat(CL.render(new MapFunction(List.of(new Emit(constant("a \"q\" \\"), constant(1e-7))))))
                .endsWith("(emit (v \"a \\\"q\\\" \\\\\") (v 1.0d-7)))))");
        assertThat(source.chars().allMatch(c -> c < 0x80)).isTrue();
    }

    @Test
    void should_have_no_library_modules() {
        assertThat(CL.language()).isEqualTo("common-lisp");
        assertThat(CL.hasLibraries()).isFalse();
        assertThat(FunctionRenderer.forLanguage("common-lisp")).containsInstanceOf(CommonLispRenderer.class);
        assertThatThrownBy(() -> CL.libraryModule(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> CL.render(new MapFunction(List.of(new Emit(new MapFunction.Library("m"),
                constant(1)))))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void should_map_like_the_reference_when_a_missing_field_is_inside_an_object() throws Exception {
        MapFunction function = new MapFunction(List.of(new Emit(constant("obj"),
                new ObjectOf(List.of(new Member("gone", new Field("missing")), new Member("here", new Field("a")),
                        new Member("u", new NonJson(NonJson.Kind.UNDEFINED)), new Member("twice", constant(1)),
                        new Member("twice", new Field("missing")), new Member("again", new Field("a")),
                        new Member("again", constant("last")))))));

        chillax.assertSameMapResults(function, "{\"_id\":\"d1\",\"a\":1}", "{\"_id\":\"d2\",\"missing\":[true]}");
    }

    @Test
    void should_map_like_the_reference_when_a_missing_field_is_inside_an_array_or_emitted() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new Emit(new Field("missing"), new ArrayOf(List.of(new Field("missing"), new Field("a"),
                        new NonJson(NonJson.Kind.UNDEFINED)))),
                new Emit(constant("k"), new Field("missing"))));

        chillax.assertSameMapResults(function, "{\"_id\":\"d1\",\"a\":\"x\"}", "{\"_id\":\"d2\",\"a\":null}");
    }

    @Test
    void should_map_like_the_reference_when_emitting_nan_and_infinities() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new Emit(new NonJson(NonJson.Kind.NAN), new NonJson(NonJson.Kind.INFINITY)),
                new Emit(constant("arr"), new ArrayOf(List.of(new NonJson(NonJson.Kind.NEGATIVE_INFINITY),
                        new NonJson(NonJson.Kind.NAN)))),
                new Emit(constant("obj"), new ObjectOf(List.of(new Member("nan", new NonJson(NonJson.Kind.NAN)))))));

        chillax.assertSameMapResults(function, "{\"_id\":\"d1\"}");
    }

    @Test
    void should_map_like_the_reference_when_reading_proto_and_constructor_fields() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new Emit(new Field("__proto__"), new Field("constructor")),
                new Emit(constant("in array"), new ArrayOf(List.of(new Field("constructor"), new Field("__proto__")))),
                new Emit(constant("in object"), new ObjectOf(List.of(new Member("c", new Field("constructor")),
                        new Member("p", new Field("__proto__"))))),
                new When(new Has("constructor"), List.of(new Emit(constant("has constructor"), constant(1)))),
                new When(new Has("__proto__"), List.of(new Emit(constant("has proto"), constant(2))))));

        chillax.assertSameMapResults(function, "{\"_id\":\"plain\"}",
                "{\"_id\":\"own\",\"constructor\":\"c\",\"__proto__\":{\"x\":1}}");
    }

    @Test
    void should_map_like_the_reference_when_conditions_test_the_document() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new When(new Has("a"), List.of(new Emit(constant("has a"), new Field("a")))),
                new When(new Not(new Has("a")), List.of(new Emit(constant("no a"), constant(null)))),
                new When(new Has("n"), List.of(new When(new IsNumber("n"), List.of(new Emit(constant("number"),
                        new Field("n")))))),
                new When(new IsString("n"), List.of(new Emit(constant("string"), new Field("n")))),
                new When(new Not(new IsNumber("b")), List.of(new Emit(constant("b not a number"), new Field("b"))))));

        chillax.assertSameMapResults(function, "{\"_id\":\"d1\",\"a\":null,\"n\":3}", "{\"_id\":\"d2\",\"n\":\"3\"}",
                "{\"_id\":\"d3\",\"b\":true,\"n\":false}", "{\"_id\":\"d4\",\"a\":0,\"b\":2.5,\"n\":-1.5}");
    }

    @Test
    void should_map_like_the_reference_when_keys_and_strings_are_not_plain_ascii() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new Emit(constant("caf\u00e9 \u65e5 \uD83D\uDE00 \"\\ \u2028 \u0000 \u007f"),
                        new ArrayOf(List.of(constant(-7), constant(0.25), constant(false), new Field("s")))),
                new When(new IsString("\uD83D\uDE00"), List.of(new Emit(new Field("\uD83D\uDE00"), constant("\u00e9")))),
                new When(new Has(""), List.of(new Emit(new Field(""), new Field("a.b")))),
                new When(new Has("k1</script>"), List.of(new Emit(new Field("k1</script>"), new Field("$ref")))),
                new Emit(constant("obj"), new ObjectOf(List.of(new Member("k1</script>", new Field("odd key")),
                        new Member("", new Field("_x")), new Member("\u2028", new Field("\u2028")))))));

        chillax.assertSameMapResults(function, "{\"_id\":\"d1\",\"s\":\"\u00e9\",\"\uD83D\uDE00\":\"x\",\"\":[1],"
                + "\"a.b\":2,\"k1</script>\":{\"k1</script>\":3},\"$ref\":\"r\",\"odd key\":4,\"_x\":5,"
                + "\"\u2028\":\"\\u0000\\u001f\"}", "{\"_id\":\"d2\",\"\uD83D\uDE00\":2}");
    }

    @Test
    void should_map_like_the_reference_when_numbers_outgrow_64_bits() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new When(new IsNumber("big"), List.of(new Emit(constant("big is a number"), new Field("big")))),
                new Emit(new Field("f"), new ArrayOf(List.of(new Field("z"), constant(12.25))))));

        chillax.assertSameMapResults(function, "{\"_id\":\"d1\",\"big\":123456789012345678901234567890,"
                + "\"f\":0.5,\"z\":-2.25}", "{\"_id\":\"d2\",\"big\":\"no\",\"f\":-123456789012345678901,\"z\":9007199254740993}");
    }

    @Test
    void should_map_like_the_reference_for_generated_functions_and_documents() throws Exception {
        int functions = chillax.assertSameForGenerated(20261126L, 100, YASON_SAFE);

        assertThat(functions).isGreaterThanOrEqualTo(200);
    }
}
