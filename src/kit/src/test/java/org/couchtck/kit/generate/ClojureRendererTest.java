package org.couchtck.kit.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
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

/** {@link ClojureRenderer}: its sources, and what they map to on clutch's view server against the reference. */
@Timeout(300)
class ClojureRendererTest {

    private static final ClojureRenderer CLJ = new ClojureRenderer();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String START = "(fn [doc]\n  " + ClojureRenderer.PRELUDE + "    ";

    /** One clutch for the class: a JVM takes seconds to start. */
    private static ThirdPartyMapDifferential clutch;

    @BeforeAll
    static void startClutch() throws Exception {
        clutch = new ThirdPartyMapDifferential("clutch", CLJ, UnaryOperator.identity());
    }

    @AfterAll
    static void stopClutch() throws InterruptedException {
        if (clutch != null) {
            clutch.close();
        }
        ChildProcesses.assertNoneAlive();
    }

    @AfterEach
    void clutchStillAnswers() throws Exception {
        clutch.assertSameMapResults(new MapFunction(List.of()), "{\"_id\":\"alive\"}");
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
    void should_render_emits_as_a_vector_of_rows_with_undefined_carried_through() {
        // given
        MapFunction function = new MapFunction(List.of(new Emit(new Field("a"),
                new ArrayOf(List.of(constant(-1), new NonJson(NonJson.Kind.UNDEFINED), new NonJson(NonJson.Kind.NAN),
                        new ObjectOf(List.of(new Member("k", new Field("odd key")), new Member("t", constant(true)))))))));

        // when
        String source = CLJ.render(function);

        // then
        assertThat(source).isEqualTo(START + "[[(v (get doc :a undefined)) (v [(v -1) (v undefined) (v nil) "
                + "(v (o \"k\" (get doc (keyword \"odd key\") undefined) \"t\" true))])]]))");
    }

    @Test
    void should_render_conditions_as_parts_of_one_vector() {
        // given
        MapFunction function = new MapFunction(List.of(
                new Emit(constant("first"), constant(false)),
                new When(new Has("a"), List.of()),
                new When(new Not(new IsNumber("n")), List.of(new When(new IsString("s"),
                        List.of(new Emit(constant(null), constant(2.5)))))),
                new When(new Has("constructor"), List.of(new Emit(new Field("__proto__"), constant(1))))));

        // when
        String source = CLJ.render(function);

        // then
        assertThat(source).isEqualTo(START + "(vec (concat [[(v \"first\") (v false)]] (when (contains? doc :a) []) "
                + "(when (not (number? (get doc :n undefined))) (when (string? (get doc :s undefined)) "
                + "[[(v nil) (v 2.5)]])) (when true [[(v (get doc :__proto__ {})) (v 1)]])))))");
        assertThat(CLJ.render(new MapFunction(List.of()))).isEqualTo(START + "[]))");
    }

    @Test
    void should_escape_everything_but_printable_ascii_in_string_literals() {
        // given
        MapFunction function = new MapFunction(List.of(new Emit(constant("caf\u00e9 \"q\" \\ \uD83D\uDE00\n\u0000"),
                new Field("\u043a"))));

        // when
        String source = CLJ.render(function);

        // then
        assertThat(source).endsWith("[[(v \"caf\\u00e9 \\\"q\\\" \\\\ \\ud83d\\ude00\\u000a\\u0000\") "
                + "(v (get doc (keyword \"\\u043a\") undefined))]]))");
        assertThat(source.chars().allMatch(c -> c < 0x80)).isTrue();
    }

    @Test
    void should_have_no_library_modules() {
        assertThat(CLJ.language()).isEqualTo("clojure");
        assertThat(CLJ.hasLibraries()).isFalse();
        assertThat(FunctionRenderer.forLanguage("clojure")).containsInstanceOf(ClojureRenderer.class);
        assertThatThrownBy(() -> CLJ.libraryModule(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> CLJ.render(new MapFunction(List.of(new Emit(new MapFunction.Library("m"),
                constant(1)))))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void should_map_like_the_reference_when_a_missing_field_is_inside_an_object() throws Exception {
        MapFunction function = new MapFunction(List.of(new Emit(constant("obj"),
                new ObjectOf(List.of(new Member("gone", new Field("missing")), new Member("here", new Field("a")),
                        new Member("u", new NonJson(NonJson.Kind.UNDEFINED)), new Member("twice", constant(1)),
                        new Member("twice", new Field("missing")), new Member("again", new Field("a")),
                        new Member("again", constant("last")))))));

        clutch.assertSameMapResults(function, "{\"_id\":\"d1\",\"a\":1}", "{\"_id\":\"d2\",\"missing\":[true]}");
    }

    @Test
    void should_map_like_the_reference_when_a_missing_field_is_inside_an_array_or_emitted() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new Emit(new Field("missing"), new ArrayOf(List.of(new Field("missing"), new Field("a"),
                        new NonJson(NonJson.Kind.UNDEFINED)))),
                new Emit(constant("k"), new Field("missing"))));

        clutch.assertSameMapResults(function, "{\"_id\":\"d1\",\"a\":\"x\"}", "{\"_id\":\"d2\",\"a\":null}");
    }

    @Test
    void should_map_like_the_reference_when_emitting_nan_and_infinities() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new Emit(new NonJson(NonJson.Kind.NAN), new NonJson(NonJson.Kind.INFINITY)),
                new Emit(constant("arr"), new ArrayOf(List.of(new NonJson(NonJson.Kind.NEGATIVE_INFINITY),
                        new NonJson(NonJson.Kind.NAN)))),
                new Emit(constant("obj"), new ObjectOf(List.of(new Member("nan", new NonJson(NonJson.Kind.NAN)))))));

        clutch.assertSameMapResults(function, "{\"_id\":\"d1\"}");
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

        clutch.assertSameMapResults(function, "{\"_id\":\"plain\"}",
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

        clutch.assertSameMapResults(function, "{\"_id\":\"d1\",\"a\":null,\"n\":3}", "{\"_id\":\"d2\",\"n\":\"3\"}",
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

        clutch.assertSameMapResults(function, "{\"_id\":\"d1\",\"s\":\"\u00e9\",\"\uD83D\uDE00\":\"x\",\"\":[1],"
                + "\"a.b\":2,\"k1</script>\":{\"k1</script>\":3},\"$ref\":\"r\",\"odd key\":4,\"_x\":5,"
                + "\"\u2028\":\"\\u0000\"}", "{\"_id\":\"d2\",\"\uD83D\uDE00\":2}");
    }

    @Test
    void should_map_like_the_reference_when_numbers_outgrow_64_bits_or_a_double() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new When(new IsNumber("big"), List.of(new Emit(constant("big is a number"), new Field("big")))),
                new Emit(new Field("f"), new ArrayOf(List.of(new Field("z"), constant(12.25))))));

        clutch.assertSameMapResults(function, "{\"_id\":\"d1\",\"big\":123456789012345678901234567890,"
                + "\"f\":1e300,\"z\":-0.0}", "{\"_id\":\"d2\",\"big\":\"no\",\"f\":5e-324,\"z\":9007199254740993}");
    }

    @Test
    void should_map_like_the_reference_for_generated_functions_and_documents() throws Exception {
        int functions = clutch.assertSameForGenerated(20261126L, 100, UnaryOperator.identity());

        assertThat(functions).isGreaterThanOrEqualTo(200);
    }
}
