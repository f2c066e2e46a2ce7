package org.couchtck.kit.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.ParameterizedTest;

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

    static List<SampleMapFunctions.Sample> samples() {
        return SampleMapFunctions.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void should_map_a_sample_like_the_reference(SampleMapFunctions.Sample sample) throws Exception {
        // when
        List<String> rows = relaxo.assertSameMaps(sample.function(), sample.docs());

        // then the function did emit: the comparison was not between two empty row sets
        assertThat(rows).anyMatch(reply -> !reply.equals("[[]]"));
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
