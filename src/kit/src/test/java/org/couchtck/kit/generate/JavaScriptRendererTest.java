package org.couchtck.kit.generate;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.List;
import org.couchtck.kit.wire.WireJson;
import org.couchtck.reference.queryserver.QueryServer;
import org.couchtck.reference.queryserver.QueryServerOptions;
import org.junit.jupiter.api.Test;

class JavaScriptRendererTest {

    private static final JavaScriptRenderer JS = new JavaScriptRenderer();

    /** Generated reduce functions come from the packs. */

    private static final ReduceLines JS_REDUCES = ReduceLines.builtIn("javascript",

            new ProtocolShape("[\"reset\",{}]", false));
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static String add(String source) {
        return WireJson.write(NODES.arrayNode().add("add_fun").add(source));
    }

    @Test
    void should_render_emits_conditions_and_non_json_values_as_javascript() {
        // given
        MapFunction function = new MapFunction(List.of(
                new MapFunction.When(new MapFunction.IsNumber("a"), List.of(new MapFunction.Emit(
                        new MapFunction.Field("a"),
                        new MapFunction.ArrayOf(List.of(new MapFunction.Constant(NODES.numberNode(-1)),
                                new MapFunction.NonJson(MapFunction.NonJson.Kind.UNDEFINED)))))),
                new MapFunction.Emit(new MapFunction.Constant(NODES.textNode("\u2028")),
                        new MapFunction.ObjectOf(List.of(new MapFunction.Member("k", new MapFunction.Field("b")))))));

        // when
        String source = JS.render(function);

        // then
        assertThat(source).isEqualTo("function(doc) { if (typeof doc[\"a\"] === \"number\") { emit(doc[\"a\"], "
                + "[(-1), undefined]); } emit(\"\\u2028\", {\"k\": doc[\"b\"]}); }");
    }

    @Test
    void should_run_in_the_reference_with_the_results_the_tree_describes() {
        // given
        MapFunction function = new MapFunction(List.of(
                new MapFunction.When(new MapFunction.Not(new MapFunction.Has("missing")), List.of(
                        new MapFunction.Emit(new MapFunction.Field("a"),
                                new MapFunction.ArrayOf(List.of(new MapFunction.NonJson(MapFunction.NonJson.Kind.NAN),
                                        new MapFunction.Field("missing"))))))));

        try (QueryServer reference = new QueryServer(QueryServerOptions.defaults())) {
            // when
            reference.handle("[\"reset\",{}]");
            String added = reference.handle(add(JS.render(function))).reply().orElseThrow();
            String mapped = reference.handle("[\"map_doc\",{\"_id\":\"d\",\"a\":5}]").reply().orElseThrow();

            // then
            assertThat(added).isEqualTo("true");
            assertThatJson(mapped).isEqualTo("[[[5,[null,null]]]]");
        }
    }

    @Test
    void should_read_the_library_module_that_add_lib_sent() {
        // given
        MapFunction function = new MapFunction(List.of(new MapFunction.Emit(new MapFunction.Library("m"),
                new MapFunction.Constant(NODES.numberNode(1)))));

        try (QueryServer reference = new QueryServer(QueryServerOptions.defaults())) {
            // when
            reference.handle("[\"reset\",{}]");
            String lib = WireJson.write(NODES.arrayNode().add("add_lib").add(NODES.objectNode()
                    .put("m", JS.libraryModule(42))));
            reference.handle(lib);
            reference.handle(add(JS.render(function)));
            String mapped = reference.handle("[\"map_doc\",{\"_id\":\"d\"}]").reply().orElseThrow();

            // then
            assertThatJson(mapped).isEqualTo("[[[42,1]]]");
        }
    }

    @Test
    void should_render_reduce_functions_whose_results_follow_their_algebra() {
        try (QueryServer reference = new QueryServer(QueryServerOptions.defaults())) {
            // given
            String funs = WireJson.write(NODES.arrayNode()
                    .add(JS_REDUCES.source(new ReduceFunction(ReduceFunction.Algebra.SUM)))
                    .add(JS_REDUCES.source(new ReduceFunction(ReduceFunction.Algebra.COUNT)))
                    .add(JS_REDUCES.source(new ReduceFunction(ReduceFunction.Algebra.MAX)))
                    .add(JS_REDUCES.source(new ReduceFunction(ReduceFunction.Algebra.CONCAT))));

            // when
            reference.handle("[\"reset\",{}]");
            String reduced = reference.handle("[\"reduce\"," + funs + ",[[[\"a\",\"d1\"],4],[[\"b\",\"d2\"],-7],"
                    + "[[\"c\",\"d3\"],12]]]").reply().orElseThrow();
            String rereduced = reference.handle("[\"rereduce\",[" + WireJson.write(NODES.textNode(JS_REDUCES.source(
                    new ReduceFunction(ReduceFunction.Algebra.COUNT)))) + "],[2,1]]").reply().orElseThrow();

            // then
            assertThatJson(reduced).isEqualTo("[true,[9,3,12,\"4-712\"]]");
            assertThatJson(rereduced).isEqualTo("[true,[3]]");
        }
    }

    @Test
    void should_render_a_library_module_that_exports_its_value() {
        assertThat(JS.libraryModule(7)).isEqualTo("exports.value = 7;");
        assertThat(JS.language()).isEqualTo("javascript");
        assertThat(FunctionRenderer.forLanguage("javascript")).containsInstanceOf(JavaScriptRenderer.class);
        assertThat(FunctionRenderer.forLanguage("klingon")).isEmpty();
    }
}
