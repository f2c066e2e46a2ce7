package org.couchtck.reference.queryserver.protocol;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.couchtck.reference.queryserver.js.ListRowSource;
import org.couchtck.reference.queryserver.js.RhinoViewEngine;
import org.couchtck.reference.queryserver.json.JsonTreeReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DesignDocCommandTest {

  private final RhinoViewEngine engine = new RhinoViewEngine(Duration.ofSeconds(5), 10_000);
  private final CommandContext context =
      new CommandContext(
          new ServerState(), engine, message -> {}, 0, Duration.ofSeconds(5), ListRowSource.none());
  private final DesignDocCommand command =
      new DesignDocCommand(DesignDocCommand.engineSections());

  @AfterEach
  void close() {
    engine.close();
  }

  @SuppressWarnings("unchecked")
  private String run(String argsJson) throws QueryServerError {
    return command.run((List<Object>) JsonTreeReader.parse(argsJson), context);
  }

  @Test
  void should_register_the_design_doc_when_command_is_new() throws QueryServerError {
    // when
    String reply = command.run(List.of("new", "_design/a", Map.of("_id", "_design/a")), context);

    // then
    assertThat(reply).isEqualTo("true");
    assertThat(engine.isDesignDocCached("_design/a")).isTrue();
  }

  @Test
  void should_be_fatal_query_protocol_error_when_the_design_doc_is_not_cached() {
    assertThatThrownBy(() -> run("[\"_design/x\",[\"filters\",\"f\"],[[],{}]]"))
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> {
              assertThat(e.isFatal()).isTrue();
              assertThat(e.replyJson())
                  .isEqualTo("[\"error\",\"query_protocol_error\",\"uncached design doc: _design/x\"]");
            });
  }

  @Test
  void should_answer_type_error_when_the_design_doc_id_has_no_string_form() {
    // when: couchjs compares the id with "new", and an own toString member makes that throw
    Throwable thrown = catchThrowable(() -> run("[{\"toString\":1},[\"filters\",\"f\"],[[],{}]]"));

    // then
    assertThat(thrown)
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> {
              assertThat(e.isFatal()).isFalse();
              assertThat(e.replyJson()).isEqualTo("[\"error\",\"TypeError\",{}]");
            });
  }

  @Test
  void should_be_fatal_unknown_command_when_no_handler_serves_the_section() throws QueryServerError {
    // given
    run("[\"new\",\"_design/a\",{}]");

    // then
    assertThatThrownBy(() -> run("[\"_design/a\",[],[]]"))
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> assertThat(e.replyJson())
                .isEqualTo("[\"error\",\"unknown_command\",\"unknown ddoc command 'undefined'\"]"));
  }

  @Test
  void should_filter_documents_with_the_design_doc_as_this() throws QueryServerError {
    // given
    run("[\"new\",\"_design/f\",{\"want\":\"post\",\"filters\":{\"f\":"
        + "\"function(doc, req) { return doc.type == this.want || req.query.all; }\"}}]");

    // when
    String reply =
        run("[\"_design/f\",[\"filters\",\"f\"],[[{\"type\":\"post\"},{\"type\":\"x\"}],{\"query\":{}}]]");

    // then
    assertThat(reply).isEqualTo("[true,[true,false]]");
  }

  @Test
  void should_answer_not_found_when_the_function_is_missing() throws QueryServerError {
    // given
    run("[\"new\",\"_design/f\",{\"filters\":{}}]");

    // then
    assertThatThrownBy(() -> run("[\"_design/f\",[\"filters\",\"nope\"],[[],{}]]"))
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> assertThat(e.replyJson())
                .isEqualTo(
                    "[\"error\",\"not_found\",\"missing filters function nope on design doc _design/f\"]"));
  }

  @Test
  void should_name_the_section_as_javascript_converts_it_when_the_function_is_missing()
      throws QueryServerError {
    // given a section name that is an array: couchjs looks it up, and names it, as String() of it
    run("[\"new\",\"_design/f\",{\"filters\":{}}]");

    // when
    Throwable thrown = catchThrowable(() -> run("[\"_design/f\",[[\"filters\"],\"nope\"],[[],{}]]"));

    // then
    assertThat(thrown)
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> assertThat(e.replyJson())
                .isEqualTo(
                    "[\"error\",\"not_found\",\"missing filters function nope on design doc _design/f\"]"));
  }

  @Test
  void should_answer_a_compilation_error_when_the_function_is_not_a_string()
      throws QueryServerError {
    // given
    run("[\"new\",\"_design/s\",{\"shows\":{\"obj\":{\"a\":1},\"num\":1.0}}]");

    // when
    Throwable object = catchThrowable(() -> run("[\"_design/s\",[\"shows\",\"obj\"],[null,{}]]"));
    Throwable number = catchThrowable(() -> run("[\"_design/s\",[\"shows\",\"num\"],[null,{}]]"));

    // then the source reads as String() of it: [object Object], 1
    String noCharCodeAt =
        "(new TypeError(\"this.source.charCodeAt is not a function\","
            + " \"./share/server/main.js\", 5356))";
    assertThat(object)
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> assertThatJson(e.replyJson())
                .isEqualTo(List.of("error", "compilation_error", noCharCodeAt + " ([object Object])")));
    assertThat(number)
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> assertThatJson(e.replyJson())
                .isEqualTo(List.of("error", "compilation_error", noCharCodeAt + " (1)")));
  }

  @Test
  void should_keep_the_compiled_function_when_its_name_is_an_array_index()
      throws QueryServerError {
    // given a function named "1": JavaScript stores it, and finds it again, as index 1
    run("[\"new\",\"_design/c\",{\"filters\":{\"1\":"
        + "\"function(doc) { if (typeof n == 'undefined') n = 0; n++; return n > 1; }\"}}]");

    // when
    String first = run("[\"_design/c\",[\"filters\",1],[[{}],{}]]");
    String second = run("[\"_design/c\",[\"filters\",\"1\"],[[{}],{}]]");

    // then
    assertThat(first).isEqualTo("[true,[false]]");
    assertThat(second).isEqualTo("[true,[true]]");
  }

  @Test
  void should_pass_documents_that_a_view_map_function_emits_for() throws QueryServerError {
    // given
    run("[\"new\",\"_design/v\",{\"views\":{\"m\":{\"map\":\"function(doc) { if (doc.n > 1) emit(1, 1); }\"}}}]");

    // when
    String reply = run("[\"_design/v\",[\"views\",\"m\",\"map\"],[[{\"n\":1},{\"n\":2}]]]");

    // then
    assertThat(reply).isEqualTo("[true,[false,true]]");
  }

  @Test
  void should_answer_1_or_the_thrown_value_when_validating() throws QueryServerError {
    // given
    run("[\"new\",\"_design/v\",{\"validate_doc_update\":"
        + "\"function(newDoc, oldDoc, userCtx) { if (!newDoc.ok) throw {forbidden: userCtx.name}; }\"}]");

    // when
    String accepted = run("[\"_design/v\",[\"validate_doc_update\"],[{\"ok\":true},null,{\"name\":\"bob\"},{}]]");
    String refused = run("[\"_design/v\",[\"validate_doc_update\"],[{},null,{\"name\":\"bob\"},{}]]");

    // then
    assertThat(accepted).isEqualTo("1");
    assertThatJson(refused).isEqualTo("{\"forbidden\":\"bob\"}");
  }

  @Test
  void should_keep_compiled_functions_and_their_globals_across_calls() throws QueryServerError {
    // given
    run("[\"new\",\"_design/c\",{\"filters\":{\"f\":"
        + "\"function(doc) { if (typeof n == 'undefined') n = 0; n++; return n > 1; }\"}}]");

    // when
    String first = run("[\"_design/c\",[\"filters\",\"f\"],[[{}],{}]]");
    String second = run("[\"_design/c\",[\"filters\",\"f\"],[[{}],{}]]");

    // then
    assertThat(first).isEqualTo("[true,[false]]");
    assertThat(second).isEqualTo("[true,[true]]");
  }

  @Test
  void should_answer_no_dispatch_rule_when_the_rewrite_result_is_falsy() throws QueryServerError {
    // given: the query parameter r picks the rewrite function's result
    run("[\"new\",\"_design/r\",{\"rewrites\":\"function(req) { return {u: undefined, n: null,"
        + " f: false, e: '', z: 0, nan: NaN, s: 'to/here', t: true}[req.query.r]; }\"}]");

    // when / then
    for (String falsy : List.of("u", "n", "f", "e", "z", "nan")) {
      assertThat(rewrite(falsy)).as(falsy).isEqualTo("[\"no_dispatch_rule\"]");
    }
    assertThat(rewrite("s")).isEqualTo("[\"ok\",{\"path\":\"to/here\",\"method\":\"POST\"}]");
    assertThat(rewrite("t")).isEqualTo("[\"ok\",true]");
  }

  private String rewrite(String result) throws QueryServerError {
    return run(
        "[\"_design/r\",[\"rewrites\"],[{\"method\":\"POST\",\"query\":{\"r\":\"" + result + "\"}}]]");
  }
}
