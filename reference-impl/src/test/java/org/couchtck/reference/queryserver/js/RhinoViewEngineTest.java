package org.couchtck.reference.queryserver.js;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.couchtck.reference.queryserver.json.JsonTreeReader;
import org.couchtck.reference.queryserver.protocol.QueryServerError;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class RhinoViewEngineTest {

  private final RhinoViewEngine engine = new RhinoViewEngine(Duration.ofSeconds(5), 10_000);
  private final List<String> logs = new ArrayList<>();

  @AfterEach
  void close() {
    engine.close();
  }

  private String map(String source, Object doc) throws QueryServerError {
    engine.addMapFunction(source, null, IndexHelper.DREYFUS, logs::add);
    return engine.mapDocument(doc, logs::add);
  }

  private static Object doc(String json) {
    return JsonTreeReader.parse(json);
  }

  @Test
  void should_emit_rows_per_function_when_mapping_a_document() throws QueryServerError {
    // given
    engine.addMapFunction("function(doc) { emit(doc._id, 1); }", null, IndexHelper.DREYFUS, logs::add);
    engine.addMapFunction("function(doc) { }", null, IndexHelper.DREYFUS, logs::add);

    // when
    String reply = engine.mapDocument(doc("{\"_id\":\"d1\"}"), logs::add);

    // then
    assertThatJson(reply).isEqualTo("[[[\"d1\",1]],[]]");
  }

  @Test
  void should_write_odd_values_like_json_stringify_when_emitting() throws QueryServerError {
    // when
    String reply =
        map(
            "function(doc) { emit(undefined, NaN); emit(Infinity, [undefined, -Infinity]);"
                + " emit('obj', {a: undefined, b: 1}); emit('date', new Date(0));"
                + " emit('err', new TypeError('bad')); emit(new Error('key'), {e: new Error('in')}); }",
            doc("{}"));

    // then
    assertThatJson(reply)
        .isEqualTo(
            "[[[null,null],[null,[null,null]],[\"obj\",{\"b\":1}],"
                + "[\"date\",\"1970-01-01T00:00:00.000Z\"],"
                + "[\"err\",{\"error\":\"TypeError\",\"message\":\"bad\"}],[{},{\"e\":{}}]]]");
  }

  @Test
  void should_let_a_to_json_on_the_documents_array_prototype_write_the_reply_as_couchjs_does()
      throws QueryServerError {
    // given: the document's arrays share their realm with the reply's (couchjs parses both in its
    // main global), so a toJSON given to that Array.prototype writes the reply's arrays too
    engine.addMapFunction(
        "function(doc) { Object.getPrototypeOf(doc.list).toJSON = function (k) {"
            + " return typeof this[0] !== 'object' ? 'row ' + k + ' of ' + this[0] : this.slice(); };"
            + " emit('a', 1); emit(['b'], 2); }",
        null, IndexHelper.DREYFUS, logs::add);
    engine.addMapFunction("function(doc) { throw new Error('none'); }", null, IndexHelper.DREYFUS,
        logs::add);

    // when
    String first = engine.mapDocument(doc("{\"list\":[]}"), logs::add);
    engine.clearMapFunctions();
    engine.addMapFunction("function(doc) { emit(1, 2); }", null, IndexHelper.DREYFUS, logs::add);
    String later = engine.mapDocument(doc("{}"), logs::add);

    // then: each array called toJSON once, with its key; the key ['b'] is the sandbox's own array
    assertThatJson(first).isEqualTo("[[\"row 0 of a\",[[\"b\"],2]],\"row 1 of undefined\"]");
    assertThatJson(later).isEqualTo("[[\"row 0 of 1\"]]");
  }

  @Test
  void should_drop_rows_and_log_when_a_function_throws() throws QueryServerError {
    // given
    engine.addMapFunction("function(doc) { emit('before', 1); throw 'boom'; }", null, IndexHelper.DREYFUS, logs::add);
    engine.addMapFunction("function(doc) { emit('ok', 2); }", null, IndexHelper.DREYFUS, logs::add);

    // when
    String reply = engine.mapDocument(doc("{\"_id\":\"d1\"}"), logs::add);

    // then
    assertThatJson(reply).isEqualTo("[[],[[\"ok\",2]]]");
    assertThat(logs)
        .containsExactly("function raised exception (new String(\"boom\")) with doc._id d1");
  }

  @Test
  void should_format_thrown_errors_like_spidermonkey_to_source() throws QueryServerError {
    // when
    map(
        "function(doc) { throw {error: 'custom', reason: 'thrown'}; }", doc("{\"_id\":\"x\"}"));
    map("function(doc) {\n  throw new Error('on line two');\n}", doc("{\"_id\":\"y\"}"));

    // then
    assertThat(logs)
        .contains(
            "function raised exception ({error:\"custom\", reason:\"thrown\"}) with doc._id x",
            "function raised exception (new Error(\"on line two\", \"<unknown>\", 2)) with doc._id y");
  }

  @Test
  void should_fail_the_command_when_fatal_error_string_is_thrown() throws QueryServerError {
    // given
    engine.addMapFunction("function(doc) { throw 'fatal_error'; }", null, IndexHelper.DREYFUS, logs::add);

    // then
    assertThatThrownBy(() -> engine.mapDocument(doc("{}"), logs::add))
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> {
              assertThat(e.isFatal()).isFalse();
              assertThat(e.replyJson())
                  .isEqualTo("[\"error\",\"map_runtime_error\",\"function raised 'fatal_error'\"]");
            });
  }

  @Test
  void should_be_fatal_when_a_fatal_array_is_thrown() throws QueryServerError {
    // given
    engine.addMapFunction("function(doc) { throw ['fatal', 'my_fatal', 'why']; }", null, IndexHelper.DREYFUS, logs::add);

    // then
    assertThatThrownBy(() -> engine.mapDocument(doc("{}"), logs::add))
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> {
              assertThat(e.isFatal()).isTrue();
              assertThatJson(e.replyJson()).isEqualTo("[\"error\",\"my_fatal\",\"why\"]");
            });
  }

  @Test
  void should_be_fatal_with_the_raw_name_and_message_when_a_thrown_name_equals_internal_error()
      throws QueryServerError {
    // given couchjs's test err.name == "InternalError" (loose), then ["fatal", err.name,
    // err.message] written as JSON, not as strings
    List<String> thrownValues =
        List.of(
            "{name: 'InternalError', message: 42}",
            "{name: ['InternalError'], message: {why: [1, 2]}}",
            "{name: 'InternalError'}");
    List<String> replies = new ArrayList<>();

    // when
    for (String thrownValue : thrownValues) {
      engine.clearMapFunctions();
      engine.addMapFunction(
          "function(doc) { throw " + thrownValue + "; }", null, IndexHelper.DREYFUS, logs::add);
      Throwable thrown = catchThrowable(() -> engine.mapDocument(doc("{}"), logs::add));
      assertThat(thrown).isInstanceOf(QueryServerError.class);
      assertThat(((QueryServerError) thrown).isFatal()).as(thrownValue).isTrue();
      replies.add(((QueryServerError) thrown).replyJson());
    }

    // then
    assertThatJson(replies.get(0)).isEqualTo("[\"error\",\"InternalError\",42]");
    assertThatJson(replies.get(1)).isEqualTo("[\"error\",[\"InternalError\"],{\"why\":[1,2]}]");
    assertThatJson(replies.get(2)).isEqualTo("[\"error\",\"InternalError\",null]");
    assertThat(logs).isEmpty();
  }

  @Test
  void should_answer_what_a_getter_throws_when_couchjs_inspects_the_thrown_value()
      throws QueryServerError {
    // given: reading err.name runs the getter, whose throw reaches couchjs's main loop
    engine.addMapFunction(
        "function(doc) { throw {get name() { throw 'from getter'; }}; }", null,
        IndexHelper.DREYFUS, logs::add);

    // when
    Throwable thrown = catchThrowable(() -> engine.mapDocument(doc("{}"), logs::add));

    // then
    assertThat(thrown)
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> {
              assertThat(e.isFatal()).isFalse();
              assertThatJson(e.replyJson())
                  .isEqualTo(List.of("error", "unnamed_error", "(new String(\"from getter\"))"));
            });
  }

  @Test
  void should_deep_freeze_the_document_when_mapping() throws QueryServerError {
    // given
    engine.addMapFunction(
        "function(doc) { doc.x = 1; doc.a.b = 2; delete doc._id;"
            + " emit(doc._id, [doc.x, doc.a.b, Object.isFrozen(doc.a)]); }",
        null, IndexHelper.DREYFUS, logs::add);
    engine.addMapFunction(
        "function(doc) { 'use strict'; emit('before', 1); doc.x = 1; }", null, IndexHelper.DREYFUS, logs::add);
    engine.addMapFunction("function(doc) { doc.list.push(3); }", null, IndexHelper.DREYFUS, logs::add);

    // when
    String reply = engine.mapDocument(doc("{\"_id\":\"d\",\"a\":{\"b\":1},\"list\":[1]}"), logs::add);

    // then
    assertThatJson(reply).isEqualTo("[[[\"d\",[null,1,true]]],[],[]]");
    assertThat(logs).hasSize(2).allSatisfy(m -> assertThat(m).contains("TypeError"));
  }

  @Test
  void should_find_document_members_by_any_key_spelling_when_keys_are_integers()
      throws QueryServerError {
    // given keys that JavaScript reads as integers, however the code spells them
    Object document = doc("{\"x\":1,\"1234567890\":2,\"-1\":3}");

    // when
    String reply =
        map(
            "function(doc) { emit(Object.keys(doc),"
                + " [doc[1234567890], doc['1234567890'], doc[-1], doc['-1']]); }",
            document);

    // then
    assertThatJson(reply).isEqualTo("[[[[\"1234567890\",\"x\",\"-1\"],[2,2,3,3]]]]");
  }

  @Test
  void should_give_each_function_its_own_global_when_compiling() throws QueryServerError {
    // given
    engine.addMapFunction(
        "function(doc) { leaked = 1; Array.prototype.extra = 2; emit('first', 1); }", null, IndexHelper.DREYFUS,
        logs::add);
    engine.addMapFunction(
        "function(doc) { emit('second', [typeof leaked, [].extra]); }", null, IndexHelper.DREYFUS, logs::add);

    // when
    String reply = engine.mapDocument(doc("{}"), logs::add);

    // then
    assertThatJson(reply).isEqualTo("[[[\"first\",1]],[[\"second\",[\"undefined\",null]]]]");
  }

  @Test
  void should_hide_the_host_when_functions_look_for_java() throws QueryServerError {
    // when
    String reply =
        map(
            "function(doc) { emit('host', [typeof java, typeof Packages, typeof JavaImporter,"
                + " typeof getClass, typeof load, typeof readFile]); }",
            doc("{}"));

    // then
    assertThatJson(reply)
        .isEqualTo(
            "[[[\"host\",[\"undefined\",\"undefined\",\"undefined\",\"undefined\",\"undefined\","
                + "\"undefined\"]]]]");
  }

  @Test
  void should_block_run_time_compilation_like_couchjs_csp() throws QueryServerError {
    // when
    String reply =
        map(
            "function(doc) { var t = function(f) { try { return f(); } catch (e) { return e.name; } };"
                + " emit('blocked', [t(function() { return eval('1'); }),"
                + " t(function() { return new Function('return 1')(); }),"
                + " t(function() { return emit.constructor('return 1')(); }),"
                + " t(function() { return (function(){}).constructor('return 1')(); })]); }",
            doc("{}"));

    // then
    assertThatJson(reply)
        .isEqualTo("[[[\"blocked\",[\"EvalError\",\"EvalError\",\"EvalError\",\"EvalError\"]]]]");
  }

  @Test
  void should_provide_couchjs_helpers_in_every_sandbox() throws QueryServerError {
    // when
    String reply =
        map(
            "function(doc) { emit('helpers', [sum([1, 2, 3]), isArray([]), isArray(arguments),"
                + " toJSON({a: 1}), typeof index, typeof log]); }",
            doc("{}"));

    // then
    assertThatJson(reply)
        .isEqualTo("[[[\"helpers\",[6,true,false,\"{\\\"a\\\":1}\",\"function\",\"function\"]]]]");
  }

  @Test
  void should_log_objects_as_json_and_errors_as_error_objects() throws QueryServerError {
    // when
    map("function(doc) { log('text'); log({a: [1]}); log(new Error('boom')); }", doc("{}"));

    // then
    assertThat(logs)
        .containsExactly("text", "{\"a\":[1]}", "{\"error\":\"Error\",\"message\":\"boom\"}");
  }

  @Test
  @Timeout(30)
  void should_stop_an_infinite_loop_when_the_timeout_passes() throws QueryServerError {
    // given
    engine.setTimeout(Duration.ofMillis(200));
    engine.addMapFunction("function(doc) { while (true) {} }", null, IndexHelper.DREYFUS, logs::add);

    // then
    assertThatThrownBy(() -> engine.mapDocument(doc("{}"), logs::add))
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> {
              assertThat(e.isFatal()).isFalse();
              assertThatJson(e.replyJson()).inPath("[1]").isEqualTo("timeout");
            });
  }

  @Test
  @Timeout(30)
  void should_not_let_a_catch_block_swallow_the_timeout() throws QueryServerError {
    // given
    engine.setTimeout(Duration.ofMillis(200));
    engine.addMapFunction(
        "function(doc) { while (true) { try { while (true) {} } catch (e) {} finally { } } }",
        null, IndexHelper.DREYFUS, logs::add);

    // then
    assertThatThrownBy(() -> engine.mapDocument(doc("{}"), logs::add))
        .isInstanceOf(QueryServerError.class);
  }

  @Test
  @Timeout(30)
  void should_be_fatal_too_much_recursion_when_recursion_is_unbounded() throws QueryServerError {
    // given
    engine.addMapFunction(
        "function(doc) { function f(n) { return f(n + 1) + 1; } emit('r', f(0)); }", null, IndexHelper.DREYFUS,
        logs::add);

    // then
    assertThatThrownBy(() -> engine.mapDocument(doc("{}"), logs::add))
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> {
              assertThat(e.isFatal()).isTrue();
              assertThat(e.replyJson())
                  .isEqualTo("[\"error\",\"InternalError\",\"too much recursion\"]");
            });
  }

  @Test
  void should_require_modules_from_the_view_library() throws QueryServerError {
    // given
    Map<String, Object> lib = new LinkedHashMap<>();
    lib.put("utils", "exports.double = function(x) { return 2 * x; };");
    lib.put("a", "exports.fromB = require('./b').v; exports.id = module.id;");
    lib.put("b", "exports.v = 'b';");
    engine.addMapFunction(
        "function(doc) { var a = require('views/lib/a');"
            + " emit(require('views/lib/utils').double(21), [a.id, a.fromB]); }",
        lib, IndexHelper.DREYFUS, logs::add);

    // when
    String reply = engine.mapDocument(doc("{}"), logs::add);

    // then
    assertThatJson(reply).isEqualTo("[[[42,[\"views/lib/a\",\"b\"]]]]");
  }

  @Test
  void should_compile_couchjs_source_spellings() throws QueryServerError {
    // given
    List<String> sources =
        Arrays.asList(
            "function(doc) { emit(1, 1); }",
            "(function(doc) { emit(2, 2); })",
            "function(doc) { emit(3, 3); };",
            "// comment\nfunction(doc) { emit(4, 4); } /* trailing */",
            "var x = 5; function(doc) { emit(x, 5); }",
            "doc => emit(6, 6)");

    // when
    for (String source : sources) {
      engine.addMapFunction(source, null, IndexHelper.DREYFUS, logs::add);
    }
    String reply = engine.mapDocument(doc("{}"), logs::add);

    // then
    assertThatJson(reply).isEqualTo("[[[1,1]],[[2,2]],[[3,3]],[[4,4]],[[5,5]],[[6,6]]]");
  }

  @Test
  void should_reject_sources_like_couchjs_when_they_are_not_functions() {
    assertCompilationError("1 + 1", "Expression does not eval to a function. (1 + 1)");
    assertCompilationError(
        "function named(doc) {}", "Expression does not eval to a function. (function named(doc) {})");
    assertCompilationError(
        "   ", "(new TypeError(\"decl is undefined\", \"./share/server/main.js\", 33)) (   )");
    assertCompilationError(
        "function(a) {} function(b) {}",
        "(new SyntaxError(\"function statement requires a name\", \"<unknown>\", 1))"
            + " (function(a) {} function(b) {})");
    assertCompilationError(
        "function(doc) { emit(doc?.a, 1); }",
        "(new Error(\"Line 1: Unexpected token .\", \"./share/server/main.js\", 1))"
            + " (function(doc) { emit(doc?.a, 1); })");
  }

  @Test
  void should_answer_missing_function_when_the_source_is_empty() {
    assertThatThrownBy(() -> engine.addMapFunction("", null, IndexHelper.DREYFUS, logs::add))
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> assertThat(e.replyJson())
                .isEqualTo("[\"error\",\"not_found\",\"missing function\"]"));
  }

  @Test
  void should_fail_in_couchjs_esprima_rewrite_when_the_source_is_not_a_string() {
    // given SpiderMonkey's errors from esprima's scanner and from CouchDB's rewrite
    String noCharCodeAt =
        "(new TypeError(\"this.source.charCodeAt is not a function\","
            + " \"./share/server/main.js\", 5356))";
    String emptyProgram = "(new TypeError(\"decl is undefined\", \"./share/server/main.js\", 33))";

    // then the reason shows String(source), as JavaScript converts it
    assertCompilationError(Map.of("a", 1d), noCharCodeAt + " ([object Object])");
    assertCompilationError(1d, noCharCodeAt + " (1)");
    assertCompilationError(1e21, noCharCodeAt + " (1e+21)");
    assertCompilationError(true, noCharCodeAt + " (true)");
    assertCompilationError(
        Arrays.asList(1.5, null, List.of(2d, "x"), Map.of()),
        noCharCodeAt + " (1.5,,2,x,[object Object])");
    assertCompilationError(List.of(), emptyProgram + " ()");
    assertCompilationError(Map.of("length", 0d), emptyProgram + " ([object Object])");
  }

  @Test
  void should_fail_the_reduce_with_a_compilation_error_when_a_function_is_not_a_string() {
    // when
    Throwable thrown =
        catchThrowable(
            () -> engine.reduce(List.of(List.of("_sum")), List.of(), List.of(), false, logs::add));

    // then
    assertThat(thrown)
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> assertThatJson(e.replyJson())
                .isEqualTo(
                    List.of(
                        "error",
                        "compilation_error",
                        "(new TypeError(\"this.source.charCodeAt is not a function\","
                            + " \"./share/server/main.js\", 5356)) (_sum)")));
  }

  @Test
  void should_answer_a_type_error_when_the_source_cannot_be_converted_to_a_string() {
    // given an object whose toString is not a function: String() of it throws a TypeError
    Map<String, Object> source = Map.of("toString", 1d);

    // when
    Throwable thrown =
        catchThrowable(() -> engine.addMapFunction(source, null, IndexHelper.DREYFUS, logs::add));

    // then
    assertThat(thrown)
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> {
              assertThat(e.isFatal()).isFalse();
              assertThat(e.replyJson()).isEqualTo("[\"error\",\"TypeError\",{}]");
            });
  }

  private void assertCompilationError(Object source, String reason) {
    assertThatThrownBy(() -> engine.addMapFunction(source, null, IndexHelper.DREYFUS, logs::add))
        .as(String.valueOf(source))
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> assertThatJson(e.replyJson())
                .isEqualTo(List.of("error", "compilation_error", reason)));
  }

  @Test
  void should_reduce_and_rereduce_with_couchjs_arguments() throws QueryServerError {
    // given
    List<Object> sources =
        List.of(
            "function(keys, values, rereduce) { return [keys, values, rereduce, arguments.length]; }");

    // when
    String reduced =
        engine.reduce(sources, List.of(List.of("k", "d1")), List.of(1d), false, logs::add);
    String rereduced = engine.reduce(sources, null, List.of(2d, 3d), true, logs::add);

    // then
    assertThatJson(reduced).isEqualTo("[[[[\"k\",\"d1\"]],[1],false,3]]");
    assertThatJson(rereduced).isEqualTo("[[null,[2,3],true,3]]");
  }

  @Test
  void should_give_null_and_a_log_line_when_a_reduce_function_throws() throws QueryServerError {
    // when
    String reduced =
        engine.reduce(
            List.of("function(k, v) { throw new Error('no'); }", "function(k, v) { return sum(v); }"),
            List.of(List.of("a", "d"), List.of("b", "d")), List.of(1d, 2d), false, logs::add);

    // then
    assertThatJson(reduced).isEqualTo("[null,3]");
    assertThat(logs).containsExactly("function raised exception (new Error(\"no\", \"<unknown>\", 1))");
  }

  @Test
  void should_collect_dreyfus_fields_when_indexing_a_document() throws QueryServerError {
    // given
    engine.addMapFunction(
        "function(doc) { index('default', doc.title); index('n', doc.n, {store: true}); }",
        null, IndexHelper.DREYFUS, logs::add);

    // when
    String reply = engine.indexDocument(doc("{\"title\":\"T\",\"n\":2}"), logs::add);

    // then
    assertThatJson(reply).isEqualTo("[[[\"default\",\"T\",{}],[\"n\",2,{\"store\":true}]]]");
  }

  @Test
  void should_collect_typed_nouveau_fields_and_log_type_errors() throws QueryServerError {
    // given
    engine.addMapFunction(
        "function(doc) { index('string', 'title', doc.title, {store: true}); index('double', 'n', doc.n); }",
        null, IndexHelper.NOUVEAU, logs::add);
    engine.addMapFunction(
        "function(doc) { index('double', 'bad', 'x'); }", null, IndexHelper.NOUVEAU, logs::add);

    // when
    String reply = engine.indexDocument(doc("{\"_id\":\"d\",\"title\":\"T\",\"n\":2}"), logs::add);

    // then
    assertThatJson(reply)
        .isEqualTo(
            "[[{\"@type\":\"string\",\"name\":\"title\",\"value\":\"T\",\"store\":true},"
                + "{\"@type\":\"double\",\"name\":\"n\",\"value\":2}],[]]");
    assertThat(logs)
        .containsExactly(
            "function raised exception ({name:\"TypeError\", message:\"type of value must be a"
                + " number not string\"}) with doc._id d");
  }
}
