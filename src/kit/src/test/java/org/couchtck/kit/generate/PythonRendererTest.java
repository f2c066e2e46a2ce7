package org.couchtck.kit.generate;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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
import org.couchtck.kit.process.Exchange;
import org.couchtck.kit.process.Python27;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.process.StdioServerOptions;
import org.couchtck.kit.wire.WireJson;
import org.couchtck.reference.queryserver.QueryServer;
import org.couchtck.reference.queryserver.QueryServerOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120)
class PythonRendererTest {

    private static final PythonRenderer PY = new PythonRenderer();

    /** Generated reduce functions come from the packs. */

    private static final ReduceLines JS_REDUCES = ReduceLines.builtIn("javascript",

            new ProtocolShape("[\"reset\",{}]", false));

    private static final ReduceLines PY_REDUCES = ReduceLines.builtIn("python",

            new ProtocolShape("[\"reset\",{}]", false));
    private static final JavaScriptRenderer JS = new JavaScriptRenderer();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Duration REPLY = Duration.ofSeconds(20);

    /**
     * The lines every rendered map function starts with: the undefined sentinel, the text and number types of
     * Python 2 and 3, and the sentinel's two rules.
     */
    private static final String PRELUDE = "def fun(doc):\n"
            + "    undefined = object()\n"
            + "    text = (type(u\"\"), type(\"\"))\n"
            + "    number = (int, float, type(2 ** 64))\n"
            + "    def v(x):\n"
            + "        return None if x is undefined else x\n"
            + "    def o(*members):\n"
            + "        return dict((k, x) for k, x in dict(members).items() if x is not undefined)\n"
            + "    if False:\n"
            + "        yield None, None\n";

    private StdioServer python;

    @AfterEach
    void closeServer() {
        if (python != null) {
            python.close();
        }
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

    private static String line(Object... elements) {
        var array = NODES.arrayNode();
        for (Object element : elements) {
            array.add(element instanceof JsonNode node ? node : NODES.textNode((String) element));
        }
        return WireJson.write(array);
    }

    @Test
    void should_render_emits_and_undefined_as_a_python_generator() {
        // given
        MapFunction function = new MapFunction(List.of(new Emit(new Field("a"),
                new ArrayOf(List.of(constant(-1), new NonJson(NonJson.Kind.UNDEFINED), new NonJson(NonJson.Kind.NAN),
                        new ObjectOf(List.of(new Member("k", new Field("b")), new Member("t", constant(true)))))))));

        // when
        String source = PY.render(function);

        // then
        assertThat(source).isEqualTo(PRELUDE
                + "    yield v(doc.get(u\"a\", undefined)), v([v((-1)), v(undefined), v(None), "
                + "v(o((u\"k\", doc.get(u\"b\", undefined)), (u\"t\", True)))])\n");
    }

    @Test
    void should_render_conditions_with_a_body_that_is_never_empty() {
        // given
        MapFunction function = new MapFunction(List.of(
                new When(new Has("a"), List.of()),
                new When(new Not(new IsNumber("n")), List.of(new When(new IsString("s"),
                        List.of(new Emit(constant(null), constant(2.5)))))),
                new When(new Has("constructor"), List.of())));

        // when
        String source = PY.render(function);

        // then
        assertThat(source).isEqualTo(PRELUDE
                + "    if u\"a\" in doc:\n"
                + "        pass\n"
                + "    if not ((isinstance(doc.get(u\"n\", undefined), number) and not "
                + "isinstance(doc.get(u\"n\", undefined), bool))):\n"
                + "        pass\n"
                + "        if isinstance(doc.get(u\"s\", undefined), text):\n"
                + "            pass\n"
                + "            yield v(None), v((2.5))\n"
                + "    if True:\n"
                + "        pass\n");
    }

    @Test
    void should_escape_non_ascii_and_quotes_in_string_literals() {
        // given
        MapFunction function = new MapFunction(List.of(new Emit(constant("caf\u00e9 \"q\" \\ \uD83D\uDE00\n"),
                new Field("__proto__"))));

        // when
        String source = PY.render(function);

        // then
        assertThat(source).endsWith("    yield v(u\"caf\\u00e9 \\\"q\\\" \\\\ \\U0001f600\\u000a\"), "
                + "v(doc.get(u\"__proto__\", {}))\n");
        assertThat(source.chars().allMatch(c -> c < 0x80)).isTrue();
    }

    @Test
    void should_render_reduce_functions_for_each_algebra() {
        assertThat(PY_REDUCES.source(new ReduceFunction(ReduceFunction.Algebra.SUM)))
                .isEqualTo("def fun(keys, values, rereduce):\n    return sum(values)\n");
        assertThat(PY_REDUCES.source(new ReduceFunction(ReduceFunction.Algebra.COUNT)))
                .isEqualTo("def fun(keys, values, rereduce):\n    return sum(values) if rereduce else len(values)\n");
        assertThat(PY_REDUCES.source(new ReduceFunction(ReduceFunction.Algebra.MAX)))
                .isEqualTo("def fun(keys, values, rereduce):\n    return max(values) if values else None\n");
        assertThat(PY_REDUCES.source(new ReduceFunction(ReduceFunction.Algebra.CONCAT)))
                .isEqualTo("def fun(keys, values, rereduce):\n    return ''.join(str(v) for v in values)\n");
    }

    @Test
    void should_have_no_library_modules() {
        assertThat(PY.language()).isEqualTo("python");
        assertThat(PY.hasLibraries()).isFalse();
        assertThat(FunctionRenderer.forLanguage("python")).containsInstanceOf(PythonRenderer.class);
        assertThatThrownBy(() -> PY.libraryModule(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> PY.render(new MapFunction(List.of(new Emit(new MapFunction.Library("m"),
                constant(1)))))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void should_map_like_the_reference_when_a_missing_field_is_inside_an_object() throws Exception {
        MapFunction function = new MapFunction(List.of(new Emit(constant("obj"),
                new ObjectOf(List.of(new Member("gone", new Field("missing")), new Member("here", new Field("a")),
                        new Member("u", new NonJson(NonJson.Kind.UNDEFINED)))))));

        assertSameMapResults(function, "{\"_id\":\"d1\",\"a\":1}", "{\"_id\":\"d2\",\"missing\":[true]}");
    }

    @Test
    void should_map_like_the_reference_when_a_missing_field_is_inside_an_array_or_emitted() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new Emit(new Field("missing"), new ArrayOf(List.of(new Field("missing"), new Field("a"),
                        new NonJson(NonJson.Kind.UNDEFINED)))),
                new Emit(constant("k"), new Field("missing"))));

        assertSameMapResults(function, "{\"_id\":\"d1\",\"a\":\"x\"}", "{\"_id\":\"d2\"}");
    }

    @Test
    void should_map_like_the_reference_when_emitting_nan_and_infinities() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new Emit(new NonJson(NonJson.Kind.NAN), new NonJson(NonJson.Kind.INFINITY)),
                new Emit(constant("arr"), new ArrayOf(List.of(new NonJson(NonJson.Kind.NEGATIVE_INFINITY),
                        new NonJson(NonJson.Kind.NAN)))),
                new Emit(constant("obj"), new ObjectOf(List.of(new Member("nan", new NonJson(NonJson.Kind.NAN)))))));

        assertSameMapResults(function, "{\"_id\":\"d1\"}");
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

        assertSameMapResults(function, "{\"_id\":\"plain\"}",
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

        assertSameMapResults(function, "{\"_id\":\"d1\",\"a\":null,\"n\":3}", "{\"_id\":\"d2\",\"n\":\"3\"}",
                "{\"_id\":\"d3\",\"b\":true,\"n\":false}", "{\"_id\":\"d4\",\"a\":0,\"b\":2.5,\"n\":-1.5}");
    }

    @Test
    void should_map_like_the_reference_when_emitting_non_ascii_constants() throws Exception {
        MapFunction function = new MapFunction(List.of(new Emit(constant("caf\u00e9 \u65e5 \uD83D\uDE00 \"\\"),
                new ArrayOf(List.of(constant(-7), constant(0.25), constant(false), new Field("s"))))));

        assertSameMapResults(function, "{\"_id\":\"d1\",\"s\":\"\u00e9\"}");
    }

    @Test
    void should_map_like_the_reference_when_a_number_outgrows_64_bits_or_keys_are_not_ascii() throws Exception {
        MapFunction function = new MapFunction(List.of(
                new When(new IsNumber("big"), List.of(new Emit(constant("big is a number"), constant(1)))),
                new When(new IsString("\uD83D\uDE00"), List.of(new Emit(new Field("\uD83D\uDE00"),
                        constant("\u00e9")))),
                new When(new Has("\u043a\u043b\u044e\u0447"), List.of(new Emit(constant("\u043a"),
                        new Field("\u043a\u043b\u044e\u0447"))))));

        assertSameMapResults(function, "{\"_id\":\"d1\",\"big\":123456789012345678901234567890,\"\uD83D\uDE00\":\"x\"}",
                "{\"_id\":\"d2\",\"big\":\"no\",\"\u043a\u043b\u044e\u0447\":[1],\"\uD83D\uDE00\":2}");
    }

    @Test
    void should_reduce_like_the_reference_for_each_algebra() throws Exception {
        for (String interpreter : pythons()) {
            reduceLikeTheReference(interpreter);
        }
    }

    private void reduceLikeTheReference(String interpreter) throws Exception {
        startPython(interpreter);
        String kvs = "[[[\"a\",\"d1\"],4],[[\"b\",\"d2\"],-7],[[\"c\",\"d3\"],12]]";
        try (QueryServer reference = new QueryServer(QueryServerOptions.defaults())) {
            reference.handle("[\"reset\",{}]");
            assertThat(python.exchange("[\"reset\",{}]", REPLY).reply()).contains("true");
            for (ReduceFunction.Algebra algebra : ReduceFunction.Algebra.values()) {
                ReduceFunction function = new ReduceFunction(algebra);
                String pyLine = "[\"reduce\"," + WireJson.write(NODES.arrayNode().add(PY_REDUCES.source(function))) + ","
                        + kvs + "]";
                String jsLine = "[\"reduce\"," + WireJson.write(NODES.arrayNode().add(JS_REDUCES.source(function))) + ","
                        + kvs + "]";

                String pyReply = reply(pyLine);
                String jsReply = reference.handle(jsLine).reply().orElseThrow();

                assertThatJson(pyReply).as(algebra.name() + " under " + interpreter).isEqualTo(jsReply);
            }
            String count = PY_REDUCES.source(new ReduceFunction(ReduceFunction.Algebra.COUNT));
            assertThatJson(reply(line("rereduce", NODES.arrayNode().add(count), NODES.arrayNode().add(2).add(1))))
                    .isEqualTo(reference.handle(line("rereduce", NODES.arrayNode().add(JS_REDUCES.source(
                            new ReduceFunction(ReduceFunction.Algebra.COUNT))), NODES.arrayNode().add(2).add(1)))
                            .reply().orElseThrow());
        }
    }

    /**
     * Adds the Python rendering of {@code function} to couchdb-python's view server and the JavaScript rendering to
     * the reference, maps each document in both, and expects the same rows: under python3 and under python2.7.
     */
    private void assertSameMapResults(MapFunction function, String... docs) throws Exception {
        for (String interpreter : pythons()) {
            assertSameMapResults(interpreter, function, docs);
        }
    }

    private void assertSameMapResults(String interpreter, MapFunction function, String... docs) throws Exception {
        startPython(interpreter);
        try (QueryServer reference = new QueryServer(QueryServerOptions.defaults())) {
            reference.handle("[\"reset\",{}]");
            assertThat(reply("[\"reset\",{}]")).isEqualTo("true");
            assertThat(reference.handle(line("add_fun", JS.render(function))).reply()).contains("true");
            assertThat(reply(line("add_fun", PY.render(function)))).as(PY.render(function)).isEqualTo("true");
            for (String doc : docs) {
                String mapDoc = "[\"map_doc\"," + doc + "]";

                String expected = reference.handle(mapDoc).reply().orElseThrow();
                String actual = reply(mapDoc);

                assertThat(expected).as("the reference maps " + doc).startsWith("[[");
                assertThatJson(actual).as("couchdb-python under " + interpreter + " maps " + doc + " with\n"
                                + PY.render(function))
                        .isEqualTo(expected);
            }
        }
    }

    private String reply(String line) {
        Exchange exchange = python.exchange(line, REPLY);
        assertThat(exchange.logs()).as("log lines of couchdb-python (a Python error)\n" + line
                + "\nstderr: " + python.stderrTail()).isEmpty();
        assertThat(exchange.outcome()).as(exchange.describe() + "; stderr: " + python.stderrTail())
                .isEqualTo(Exchange.Outcome.REPLY);
        return exchange.reply().orElseThrow();
    }

    /**
     * python3, and python2.7 where {@link Python27} finds one (the conformance test says where it looked when it
     * finds none): couchdb-python runs on both, and so must the renderings.
     */
    private static List<String> pythons() {
        List<String> pythons = new ArrayList<>(List.of("python3"));
        Python27.find().interpreter().ifPresent(python27 -> pythons.add(python27.toString()));
        return pythons;
    }

    /** couchdb-python's view server from the shared folder under {@code interpreter}, as CouchDB would start it. */
    private void startPython(String interpreter) throws Exception {
        if (python != null) {
            python.close();
        }
        Path couchdbPython = sharedDir().resolve("third-party").resolve("couchdb-python");
        if (!Files.isRegularFile(couchdbPython.resolve("couchdb").resolve("view.py"))) {
            fail("no couchdb-python view server at " + couchdbPython.toAbsolutePath());
        }
        StdioServerOptions defaults = StdioServerOptions.defaults();
        StdioServerOptions options = new StdioServerOptions(REPLY, REPLY, defaults.maxLineBytes(),
                Map.of("PYTHONPATH", couchdbPython.toAbsolutePath().toString(), "PYTHONIOENCODING", "utf-8",
                        "PYTHONDONTWRITEBYTECODE", "1"), defaults.workingDirectory());
        python = new StdioServer(new ServerCommand(List.of(interpreter, "-m", "couchdb.view")), options);
        python.start();
    }

    /** The shared folder, as the kit pom names it (see cases/SharedTranscripts). */
    private static Path sharedDir() {
        String dir = System.getProperty("couchtck.shared.dir");
        if (dir == null || dir.isBlank()) {
            return fail("system property couchtck.shared.dir is not set: it must name the shared folder holding "
                    + "third-party/couchdb-python (the kit pom sets it)");
        }
        return Path.of(dir);
    }
}
