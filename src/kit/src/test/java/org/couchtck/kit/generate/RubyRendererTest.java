package org.couchtck.kit.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Duration;
import java.util.List;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link RubyRenderer}: its sources, and what they map on relaxo-query-server against the reference. */
@Timeout(180)
class RubyRendererTest {

    private static final RubyRenderer RUBY = new RubyRenderer();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static final String PRELUDE = "undefined = Object.new\n"
            + "v = lambda { |x| x.equal?(undefined) ? nil : x }\n"
            + "o = lambda { |*members| h = {}; members.each { |k, x| h[k] = x }; "
            + "h.reject { |k, x| x.equal?(undefined) } }\n"
            + "lambda { |doc|\n";

    /** relaxo reads each line with JSON.parse, whose max_nesting is 100: a deeper document stops the server. */
    private static final int RELAXO_MAX_NESTING = 100;

    private RealServerMaps relaxo;

    @BeforeEach
    void startRelaxo() throws Exception {
        relaxo = new RealServerMaps("relaxo", RUBY);
    }

    @AfterEach
    void closeRelaxo() {
        relaxo.close();
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
    void should_render_emits_and_undefined_as_a_ruby_lambda() {
        // given
        MapFunction function = new MapFunction(List.of(new Emit(new Field("a"),
                new ArrayOf(List.of(constant(-1), constant(2.5), new NonJson(NonJson.Kind.UNDEFINED),
                        new NonJson(NonJson.Kind.NAN),
                        new ObjectOf(List.of(new Member("k", new Field("b")), new Member("t", constant(true)))))))));

        // when
        String source = RUBY.render(function);

        // then
        assertThat(source).isEqualTo(PRELUDE
                + "  emit(v.(doc.fetch(\"a\", undefined)), v.([v.((-1)), v.((2.5)), v.(undefined), v.(nil), "
                + "v.(o.([\"k\", doc.fetch(\"b\", undefined)], [\"t\", true]))]))\n"
                + "}\n");
    }

    @Test
    void should_render_conditions_as_if_blocks() {
        // given
        MapFunction function = new MapFunction(List.of(
                new When(new Has("a"), List.of()),
                new When(new Not(new IsNumber("n")), List.of(new When(new IsString("s"),
                        List.of(new Emit(constant(null), new ObjectOf(List.of())))))),
                new When(new Has("constructor"), List.of())));

        // when
        String source = RUBY.render(function);

        // then
        assertThat(source).isEqualTo(PRELUDE
                + "  if doc.key?(\"a\")\n"
                + "  end\n"
                + "  if !(doc.fetch(\"n\", undefined).is_a?(Numeric))\n"
                + "    if doc.fetch(\"s\", undefined).is_a?(String)\n"
                + "      emit(v.(nil), v.(o.()))\n"
                + "    end\n"
                + "  end\n"
                + "  if true\n"
                + "  end\n"
                + "}\n");
    }

    @Test
    void should_escape_interpolation_quotes_controls_and_non_ascii_in_string_literals() {
        // given
        MapFunction function = new MapFunction(List.of(new Emit(constant("caf\u00e9 \"q\" \\ #{x} \uD83D\uDE00\n\u0000"),
                new Field("__proto__"))));

        // when
        String source = RUBY.render(function);

        // then
        assertThat(source).contains("  emit(v.(\"caf\\u{e9} \\\"q\\\" \\\\ \\#{x} \\u{1f600}\\u{a}\\u{0}\"), "
                + "v.(doc.fetch(\"__proto__\", {})))\n");
        assertThat(source.chars().allMatch(c -> c < 0x80)).isTrue();
        assertThatThrownBy(() -> RubyRenderer.string("a\uD800")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_have_no_library_modules_and_be_the_ruby_renderer() {
        assertThat(RUBY.language()).isEqualTo("ruby");
        assertThat(RUBY.hasLibraries()).isFalse();
        assertThat(FunctionRenderer.forLanguage("ruby")).containsInstanceOf(RubyRenderer.class);
        assertThatThrownBy(() -> RUBY.libraryModule(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> RUBY.render(new MapFunction(List.of(new Emit(new MapFunction.Library("m"),
                constant(1)))))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void should_map_like_the_reference_when_missing_fields_are_in_objects_arrays_and_emits() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new Emit(constant("obj"), new ObjectOf(List.of(new Member("gone", new Field("missing")),
                        new Member("here", new Field("a")), new Member("u", new NonJson(NonJson.Kind.UNDEFINED)),
                        new Member("here", new Field("missing"))))),
                new Emit(new Field("missing"), new ArrayOf(List.of(new Field("missing"), new Field("a"),
                        new NonJson(NonJson.Kind.UNDEFINED)))),
                new Emit(constant("k"), new Field("missing"))));

        relaxo.assertSameMaps(function, List.of("{\"_id\":\"d1\",\"a\":1}", "{\"_id\":\"d2\",\"missing\":[true]}"));
    }

    @Test
    void should_map_like_the_reference_when_emitting_nan_and_infinities() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new Emit(new NonJson(NonJson.Kind.NAN), new NonJson(NonJson.Kind.INFINITY)),
                new Emit(constant("arr"), new ArrayOf(List.of(new NonJson(NonJson.Kind.NEGATIVE_INFINITY),
                        new NonJson(NonJson.Kind.NAN)))),
                new Emit(constant("obj"), new ObjectOf(List.of(new Member("nan", new NonJson(NonJson.Kind.NAN)))))));

        relaxo.assertSameMaps(function, List.of("{\"_id\":\"d1\"}"));
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

        relaxo.assertSameMaps(function, List.of("{\"_id\":\"plain\"}",
                "{\"_id\":\"own\",\"constructor\":\"c\",\"__proto__\":{\"x\":1}}"));
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

        List<String> rows = relaxo.assertSameMaps(function, List.of("{\"_id\":\"d1\",\"a\":null,\"n\":3}",
                "{\"_id\":\"d2\",\"n\":\"3\"}", "{\"_id\":\"d3\",\"b\":true,\"n\":false}",
                "{\"_id\":\"d4\",\"a\":0,\"b\":2.5,\"n\":-1.5}"));

        assertThat(rows.get(0)).contains("has a", "number").doesNotContain("no a");
    }

    @Test
    void should_map_like_the_reference_with_odd_keys_big_numbers_and_non_ascii() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new Emit(constant("caf\u00e9 \u65e5 \uD83D\uDE00 \"\\ #{x} \u2028\u0000"),
                        new ArrayOf(List.of(constant(-7), constant(0.25), constant(false), new Field("s")))),
                new When(new IsNumber("big"), List.of(new Emit(constant("big"), new Field("big")))),
                new When(new IsString("\uD83D\uDE00"), List.of(new Emit(new Field("\uD83D\uDE00"),
                        new ObjectOf(List.of(new Member("\u2028", new Field("")), new Member("a.b", new Field("$ref"))))))),
                new When(new Has("\u043a\u043b\u044e\u0447"), List.of(new Emit(constant("\u043a"),
                        new Field("\u043a\u043b\u044e\u0447"))))));

        relaxo.assertSameMaps(function, List.of(
                "{\"_id\":\"d1\",\"s\":\"\u00e9\",\"big\":123456789012345678901234567890,\"\uD83D\uDE00\":\"x\","
                        + "\"\":-0.0,\"$ref\":1e300}",
                "{\"_id\":\"d2\",\"big\":5e-324,\"\u043a\u043b\u044e\u0447\":[1],\"\uD83D\uDE00\":2}"));
    }

    @Test
    void should_map_like_the_reference_for_generated_functions() throws Exception {
        RealServerMaps.Ran ran = relaxo.assertSameMapsForGenerated(7, 400, Duration.ofSeconds(100),
                doc -> RealServerMaps.depth(doc) <= RELAXO_MAX_NESTING);

        assertThat(ran.functions()).isGreaterThanOrEqualTo(200);
        assertThat(ran.docs()).isGreaterThanOrEqualTo(ran.functions());
        assertThat(ran.rows()).isGreaterThanOrEqualTo(ran.docs());
    }
}
