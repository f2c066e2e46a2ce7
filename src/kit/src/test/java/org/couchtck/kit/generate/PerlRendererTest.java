package org.couchtck.kit.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigInteger;
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
 * {@link PerlRenderer}: its sources, and what they map on CouchDB::View::Server against the reference. Two deviations
 * of the server (its JSON::XS), not of the rendering, are kept out: JSON::XS keeps an integer beyond 64 bits as a
 * string (written back as a JSON string) and writes doubles with 15 significant digits (1.7976931348623157e308
 * comes back as 1.79769313486232e+308, 5e-324 as 0), so the generated documents here hold neither; and the server
 * decodes its lines with a JSON::XS object that only becomes UTF-8 when the first map_doc encodes its reply, so a
 * first map_doc without functions is sent before anything else.
 */
@Timeout(180)
class PerlRendererTest {

    private static final PerlRenderer PERL = new PerlRenderer();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final BigInteger MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger MAX = BigInteger.TWO.pow(64).subtract(BigInteger.ONE);

    private RealServerMaps perl;

    @BeforeEach
    void startPerl() throws Exception {
        perl = new RealServerMaps("perl-couchdb-view", PERL);
        perl.assertSameMaps(new MapFunction(List.of()), List.of("{}"));
    }

    @AfterEach
    void closePerl() {
        perl.close();
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

    /** Whether JSON::XS writes every number of {@code value} back as the same number (see the class comment). */
    static boolean jsonXsKeepsNumbers(JsonNode value) {
        if (value.isIntegralNumber()) {
            BigInteger n = value.bigIntegerValue();
            return n.compareTo(MIN) >= 0 && n.compareTo(MAX) <= 0;
        }
        if (value.isNumber()) {
            double d = value.doubleValue();
            return d == 0 || Math.abs(d) >= 1e-300 && Double.parseDouble(String.format("%.15g", d)) == d;
        }
        for (JsonNode child : value) {
            if (!jsonXsKeepsNumbers(child)) {
                return false;
            }
        }
        return true;
    }

    @Test
    void should_render_emits_and_undefined_as_a_perl_sub() {
        // given
        MapFunction function = new MapFunction(List.of(new Emit(new Field("a"),
                new ArrayOf(List.of(constant(-1), constant(2.5), new NonJson(NonJson.Kind.UNDEFINED),
                        new NonJson(NonJson.Kind.NAN),
                        new ObjectOf(List.of(new Member("k", new Field("b")), new Member("t", constant(true)))))))));

        // when
        String source = PERL.render(function);

        // then
        assertThat(source).isEqualTo(PerlRenderer.PRELUDE
                + "  dmap($v->((exists($doc->{\"a\"}) ? $doc->{\"a\"} : $u)), $v->([$v->((-1)), $v->((2.5)), $v->($u), "
                + "$v->(undef), $v->($o->([\"k\", (exists($doc->{\"b\"}) ? $doc->{\"b\"} : $u)], "
                + "[\"t\", JSON::PP::true()]))]));\n"
                + "}\n");
        assertThat(PerlRenderer.PRELUDE).startsWith("require JSON::PP;\n").endsWith("sub {\n  my $doc = shift;\n");
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
        String source = PERL.render(function);

        // then
        assertThat(source).isEqualTo(PerlRenderer.PRELUDE
                + "  if (exists($doc->{\"a\"})) {\n"
                + "  }\n"
                + "  if (!($num->((exists($doc->{\"n\"}) ? $doc->{\"n\"} : $u)))) {\n"
                + "    if ($str->((exists($doc->{\"s\"}) ? $doc->{\"s\"} : $u))) {\n"
                + "      dmap($v->(undef), $v->($o->()));\n"
                + "    }\n"
                + "  }\n"
                + "  if (1) {\n"
                + "  }\n"
                + "}\n");
    }

    @Test
    void should_escape_interpolation_quotes_controls_and_non_ascii_in_string_literals() {
        // given
        MapFunction function = new MapFunction(List.of(new Emit(constant("caf\u00e9 \"q\" \\ $x @y \uD83D\uDE00\n\u0000"),
                new Field("__proto__"))));

        // when
        String source = PERL.render(function);

        // then
        assertThat(source).contains("  dmap($v->(\"caf\\x{e9} \\\"q\\\" \\\\ \\$x \\@y \\x{1f600}\\x{a}\\x{0}\"), "
                + "$v->((exists($doc->{\"__proto__\"}) ? $doc->{\"__proto__\"} : +{})));\n");
        assertThat(source.chars().allMatch(c -> c < 0x80)).isTrue();
        assertThatThrownBy(() -> PerlRenderer.string("a\uDC00")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_have_no_library_modules_and_be_the_perl_renderer() {
        assertThat(PERL.language()).isEqualTo("perl");
        assertThat(PERL.hasLibraries()).isFalse();
        assertThat(FunctionRenderer.forLanguage("perl")).containsInstanceOf(PerlRenderer.class);
        assertThatThrownBy(() -> PERL.libraryModule(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> PERL.render(new MapFunction(List.of(new Emit(new MapFunction.Library("m"),
                constant(1)))))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void should_keep_out_only_the_numbers_json_xs_changes() {
        assertThat(jsonXsKeepsNumbers(NODES.numberNode(new BigInteger("18446744073709551615")))).isTrue();
        assertThat(jsonXsKeepsNumbers(NODES.numberNode(new BigInteger("18446744073709551616")))).isFalse();
        assertThat(jsonXsKeepsNumbers(NODES.arrayNode().add(0.1).add(-0.0).add(1e300))).isTrue();
        assertThat(jsonXsKeepsNumbers(NODES.objectNode().put("x", 5e-324))).isFalse();
        assertThat(jsonXsKeepsNumbers(NODES.numberNode(1.7976931348623157e308))).isFalse();
    }

    /** The samples, with documents of its own where JSON::XS keeps integers beyond 64 bits as strings and writes doubles with 15 digits, and the samples' arrays read as objects are kept as this test had them. */
    static List<SampleMapFunctions.Sample> samples() {
        return SampleMapFunctions.all(Map.of(
            SampleMapFunctions.MISSING_FIELDS, List.of("{\"_id\":\"d1\",\"a\":1}", "{\"_id\":\"d2\",\"missing\":{\"t\":true}}"),
            SampleMapFunctions.ODD_KEYS, List.of(
                    "{\"_id\":\"d1\",\"s\":\"\u00e9\",\"big\":9007199254740993,\"\uD83D\uDE00\":\"x\","
                            + "\"\":-0.0,\"$ref\":1e300}",
                    "{\"_id\":\"d2\",\"big\":-1.5e-300,\"\u043a\u043b\u044e\u0447\":{\"0\":1,\"\":{}},\"\uD83D\uDE00\":2}")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void should_map_a_sample_like_the_reference(SampleMapFunctions.Sample sample) throws Exception {
        // when
        List<String> rows = perl.assertSameMaps(sample.function(), sample.docs());

        // then the function did emit: the comparison was not between two empty row sets
        assertThat(rows).anyMatch(reply -> !reply.equals("[[]]"));
    }

    @Test
    void should_map_like_the_reference_for_generated_functions() throws Exception {
        RealServerMaps.Ran ran = perl.assertSameMapsForGenerated(7, 400, Duration.ofSeconds(100),
                PerlRendererTest::jsonXsKeepsNumbers);

        assertThat(ran.functions()).isGreaterThanOrEqualTo(200);
        assertThat(ran.docs()).isGreaterThanOrEqualTo(ran.functions());
        assertThat(ran.rows()).isGreaterThanOrEqualTo(ran.docs());
    }
}
