package org.couchtck.kit.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
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

/**
 * {@link PhpRenderer}: its sources, and what they map on eoc-server against the reference. eoc-server turns every
 * JSON array of a document into a stdClass object (its arrayToObject), which json_encode then writes as an object
 * ({@code [1]} comes back as {@code {"0":1}}): a deviation of the server, not of the rendering, so the documents here
 * hold no arrays.
 */
@Timeout(180)
class PhpRendererTest {

    private static final PhpRenderer PHP = new PhpRenderer();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private RealServerMaps eoc;

    @BeforeEach
    void startEoc() throws Exception {
        // eoc-server logs "MAP <_id>" at debug level, reading $doc->_id, which warns for a document without one.
        eoc = new RealServerMaps("eoc-server", PHP,
                message -> message.equals("E_WARNING: Undefined property: stdClass::$_id"));
    }

    @AfterEach
    void closeEoc() {
        eoc.close();
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

    private static boolean hasArray(JsonNode value) {
        if (value.isArray()) {
            return true;
        }
        for (JsonNode child : value) {
            if (hasArray(child)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void should_render_emits_and_undefined_as_a_php_closure() {
        // given
        MapFunction function = new MapFunction(List.of(new Emit(new Field("a"),
                new ArrayOf(List.of(constant(-1), constant(2.5), new NonJson(NonJson.Kind.UNDEFINED),
                        new NonJson(NonJson.Kind.NAN),
                        new ObjectOf(List.of(new Member("k", new Field("b")), new Member("t", constant(true)))))))));

        // when
        String source = PHP.render(function);

        // then
        assertThat(source).isEqualTo(PhpRenderer.PRELUDE
                + "  $emit($v($f(\"a\", $u)), $v([$v((-1)), $v((2.5)), $v($u), $v(null), "
                + "$v($o([\"k\", $f(\"b\", $u)], [\"t\", true]))]));\n"
                + "};\n");
        assertThat(PhpRenderer.PRELUDE).startsWith("function($doc) use ($emit) {\n")
                .contains("$d = get_object_vars($doc);");
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
        String source = PHP.render(function);

        // then
        assertThat(source).isEqualTo(PhpRenderer.PRELUDE
                + "  if (array_key_exists(\"a\", $d)) {\n"
                + "  }\n"
                + "  if (!((is_int($f(\"n\", $u)) || is_float($f(\"n\", $u))))) {\n"
                + "    if (is_string($f(\"s\", $u))) {\n"
                + "      $emit($v(null), $v($o()));\n"
                + "    }\n"
                + "  }\n"
                + "  if (true) {\n"
                + "  }\n"
                + "};\n");
    }

    @Test
    void should_escape_interpolation_quotes_controls_and_non_ascii_in_string_literals() {
        // given
        MapFunction function = new MapFunction(List.of(new Emit(constant("caf\u00e9 \"q\" \\ $x {$y} \uD83D\uDE00\n\u0000"),
                new Field("__proto__"))));

        // when
        String source = PHP.render(function);

        // then
        assertThat(source).contains("  $emit($v(\"caf\\u{e9} \\\"q\\\" \\\\ \\$x {\\$y} \\u{1f600}\\u{a}\\u{0}\"), "
                + "$v($f(\"__proto__\", new \\stdClass())));\n");
        assertThat(source.chars().allMatch(c -> c < 0x80)).isTrue();
        assertThatThrownBy(() -> PhpRenderer.string("a\uDC00")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_have_no_library_modules_and_be_the_php_renderer() {
        assertThat(PHP.language()).isEqualTo("php");
        assertThat(PHP.hasLibraries()).isFalse();
        assertThat(FunctionRenderer.forLanguage("php")).containsInstanceOf(PhpRenderer.class);
        assertThatThrownBy(() -> PHP.libraryModule(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> PHP.render(new MapFunction(List.of(new Emit(new MapFunction.Library("m"),
                constant(1)))))).isInstanceOf(IllegalStateException.class);
    }

    /** The samples, with documents of its own where eoc-server turns every array of a document into an object (its arrayToObject), so the documents hold objects where the samples' hold arrays. */
    static List<SampleMapFunctions.Sample> samples() {
        return SampleMapFunctions.all(Map.of(
            SampleMapFunctions.MISSING_FIELDS, List.of("{\"_id\":\"d1\",\"a\":1}", "{\"_id\":\"d2\",\"missing\":{\"t\":true}}"),
            SampleMapFunctions.ODD_KEYS, List.of(
                    "{\"_id\":\"d1\",\"s\":\"\u00e9\",\"big\":123456789012345678901234567890,\"\uD83D\uDE00\":\"x\","
                            + "\"\":-0.0,\"$ref\":1e300}",
                    "{\"_id\":\"d2\",\"big\":5e-324,\"\u043a\u043b\u044e\u0447\":{\"0\":1,\"\":{}},\"\uD83D\uDE00\":2}")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void should_map_a_sample_like_the_reference(SampleMapFunctions.Sample sample) throws Exception {
        // when
        List<String> rows = eoc.assertSameMaps(sample.function(), sample.docs());

        // then the function did emit: the comparison was not between two empty row sets
        assertThat(rows).anyMatch(reply -> !reply.equals("[[]]"));
    }

    @Test
    void should_map_like_the_reference_for_generated_functions() throws Exception {
        RealServerMaps.Ran ran = eoc.assertSameMapsForGenerated(7, 400, Duration.ofSeconds(100),
                doc -> !hasArray(doc));

        assertThat(ran.functions()).isGreaterThanOrEqualTo(200);
        assertThat(ran.docs()).isGreaterThanOrEqualTo(ran.functions());
        assertThat(ran.rows()).isGreaterThanOrEqualTo(ran.docs());
    }
}
