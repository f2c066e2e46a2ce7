package org.couchtck.kit.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigInteger;
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

    @Test
    void should_map_like_the_reference_when_missing_fields_are_in_objects_arrays_and_emits() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new Emit(constant("obj"), new ObjectOf(List.of(new Member("gone", new Field("missing")),
                        new Member("here", new Field("a")), new Member("u", new NonJson(NonJson.Kind.UNDEFINED)),
                        new Member("here", new Field("missing"))))),
                new Emit(new Field("missing"), new ArrayOf(List.of(new Field("missing"), new Field("a"),
                        new NonJson(NonJson.Kind.UNDEFINED)))),
                new Emit(constant("k"), new Field("missing"))));

        perl.assertSameMaps(function, List.of("{\"_id\":\"d1\",\"a\":1}", "{\"_id\":\"d2\",\"missing\":{\"t\":true}}"));
    }

    @Test
    void should_map_like_the_reference_when_emitting_nan_and_infinities() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new Emit(new NonJson(NonJson.Kind.NAN), new NonJson(NonJson.Kind.INFINITY)),
                new Emit(constant("arr"), new ArrayOf(List.of(new NonJson(NonJson.Kind.NEGATIVE_INFINITY),
                        new NonJson(NonJson.Kind.NAN)))),
                new Emit(constant("obj"), new ObjectOf(List.of(new Member("nan", new NonJson(NonJson.Kind.NAN)))))));

        perl.assertSameMaps(function, List.of("{\"_id\":\"d1\"}"));
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

        perl.assertSameMaps(function, List.of("{\"_id\":\"plain\"}",
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

        List<String> rows = perl.assertSameMaps(function, List.of("{\"_id\":\"d1\",\"a\":null,\"n\":3}",
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

        perl.assertSameMaps(function, List.of(
                "{\"_id\":\"d1\",\"s\":\"\u00e9\",\"big\":9007199254740993,\"\uD83D\uDE00\":\"x\","
                        + "\"\":-0.0,\"$ref\":1e300}",
                "{\"_id\":\"d2\",\"big\":-1.5e-300,\"\u043a\u043b\u044e\u0447\":{\"0\":1,\"\":{}},\"\uD83D\uDE00\":2}"));
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
