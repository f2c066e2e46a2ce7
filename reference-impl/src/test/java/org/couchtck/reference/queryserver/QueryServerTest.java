package org.couchtck.reference.queryserver;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class QueryServerTest {

  private final QueryServer server = new QueryServer(QueryServerOptions.defaults());

  @AfterEach
  void close() {
    server.close();
  }

  @Test
  void should_answer_true_when_reset() {
    // when
    Response response = server.handle("[\"reset\"]");

    // then
    assertThat(response.lines()).containsExactly("true");
    assertThat(response.exits()).isFalse();
  }

  @Test
  void should_write_log_lines_before_the_reply() {
    // given
    server.handle("[\"reset\"]");
    server.handle("[\"add_fun\",\"function(doc) { log('seen ' + doc._id); emit(1, 2); }\"]");

    // when
    Response response = server.handle("[\"map_doc\",{\"_id\":\"d\"}]");

    // then
    assertThat(response.logLines()).containsExactly("[\"log\",\"seen d\"]");
    assertThatJson(response.reply().orElseThrow()).isEqualTo("[[[1,2]]]");
    assertThat(response.lines()).hasSize(2);
  }

  @Test
  void should_be_fatal_unknown_command_with_exit_255_when_command_is_unknown() {
    // when
    Response response = server.handle("[\"RESET\"]");

    // then
    assertThat(response.reply())
        .contains("[\"error\",\"unknown_command\",\"unknown command 'RESET'\"]");
    assertThat(response.exitStatus()).hasValue(255);
    assertThat(server.hasExited()).isTrue();
    assertThatThrownBy(() -> server.handle("[\"reset\"]")).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void should_name_undefined_when_the_command_array_is_empty() {
    assertThat(server.handle("[]").reply())
        .contains("[\"error\",\"unknown_command\",\"unknown command 'undefined'\"]");
  }

  @Test
  void should_answer_type_error_and_go_on_when_the_command_name_has_no_string_form() {
    // when: couchjs's dispatch[cmd] converts the name, and an own toString member makes it throw
    Response response = server.handle("[{\"toString\":1}]");

    // then
    assertThat(response.reply()).contains("[\"error\",\"TypeError\",{}]");
    assertThat(response.exits()).isFalse();
  }

  @Test
  void should_exit_0_without_reply_when_the_line_is_not_json() {
    // when
    Response response = server.handle("[\"reset\"] trailing");

    // then
    assertThat(response.reply()).isEmpty();
    assertThat(response.exitStatus()).hasValue(0);
    assertThat(response.diagnostics()).startsWith("error: JSON.parse");
  }

  @Test
  void should_end_normally_when_the_line_is_empty() {
    // when
    Response response = server.handle("");

    // then
    assertThat(response.lines()).isEmpty();
    assertThat(response.exitStatus()).hasValue(0);
  }

  @Test
  void should_ignore_everything_after_a_nul_byte() {
    assertThat(server.handle("[\"reset\"]\u0000[\"bogus\"]").lines()).containsExactly("true");
  }

  @Test
  void should_accept_a_trailing_cr() {
    assertThat(server.handle("[\"reset\"]\r").lines()).containsExactly("true");
  }

  @Test
  void should_answer_type_error_when_the_line_is_not_an_array() {
    assertThat(server.handle("{\"not\":\"array\"}").reply())
        .contains("[\"error\",\"TypeError\",{}]");
  }

  @Test
  void should_answer_like_couchjs_before_the_first_reset() {
    assertThat(server.handle("[\"add_fun\",\"function(doc) {}\"]").reply())
        .contains("[\"error\",\"TypeError\",{}]");
    assertThat(server.handle("[\"map_doc\",{}]").reply()).contains("[]");
    assertThat(server.handle("[\"add_lib\",{}]").reply()).contains("true");
  }

  @Test
  void should_forget_functions_when_reset() {
    // given
    server.handle("[\"reset\"]");
    server.handle("[\"add_fun\",\"function(doc) { emit(1, 1); }\"]");

    // when
    server.handle("[\"reset\",{}]");

    // then
    assertThat(server.handle("[\"map_doc\",{}]").reply()).contains("[]");
  }

  @Test
  void should_forget_the_view_library_when_reset() {
    // given
    server.handle("[\"reset\"]");
    server.handle("[\"add_lib\",{\"m\":\"exports.x = 1;\"}]");
    server.handle("[\"reset\"]");
    server.handle(
        "[\"add_fun\",\"function(doc) { try { require('views/lib/m'); } catch (e) { emit('e', e.message); } }\"]");

    // when
    Response response = server.handle("[\"map_doc\",{}]");

    // then
    assertThatJson(response.reply().orElseThrow()).isEqualTo("[[[\"e\",\"mod.current is null\"]]]");
  }

  @Test
  void should_reduce_with_context_and_enforce_reduce_limit() {
    // given
    server.handle(
        "[\"reset\",{\"reduce_limit\":true,\"reduce_limit_threshold\":5000,\"reduce_limit_ratio\":2.0}]");
    String big = "function(k, v, r) { return new Array(5997).join('x'); }";

    // when
    Response small =
        server.handle(
            "[\"reduce\",[\"function(k, v) { return sum(v); }\"],[[[\"a\",\"d\"],1],[[\"b\",\"d\"],2]],\"db/_design/d/_view/v\"]");
    Response overflow = server.handle("[\"reduce\",[\"" + big + "\"],[[[\"a\",\"d\"],1]],\"db/_design/d/_view/v\"]");

    // then
    assertThat(small.reply()).contains("[true,[3]]");
    assertThat(overflow.reply())
        .contains(
            "[\"error\",\"reduce_overflow_error\",\"Reduce output must shrink more rapidly:"
                + " input size: 54 output size: 6000 context: db/_design/d/_view/v\"]");
  }

  @Test
  void should_name_an_empty_context_when_the_reduce_context_is_null() {
    // given: couchjs joins the message's parts, and Array.prototype.join writes null as ""
    server.handle(
        "[\"reset\",{\"reduce_limit\":true,\"reduce_limit_threshold\":5000,\"reduce_limit_ratio\":2.0}]");
    String big = "function(k, v, r) { return new Array(5997).join('x'); }";

    // when
    Response overflow = server.handle("[\"reduce\",[\"" + big + "\"],[[[\"a\",\"d\"],1]],null]");

    // then
    assertThat(overflow.reply())
        .hasValueSatisfying(reply -> assertThat(reply).endsWith("output size: 6000 context: \"]"));
  }

  @Test
  void should_convert_the_reduce_context_only_when_the_output_overflows() {
    // given a context whose String() throws
    server.handle(
        "[\"reset\",{\"reduce_limit\":true,\"reduce_limit_threshold\":5000,\"reduce_limit_ratio\":2.0}]");
    String big = "function(k, v, r) { return new Array(5997).join('x'); }";

    // when
    Response small =
        server.handle("[\"reduce\",[\"function(k, v) { return 1; }\"],[],{\"toString\":1}]");
    Response overflow =
        server.handle("[\"reduce\",[\"" + big + "\"],[[[\"a\",\"d\"],1]],{\"toString\":1}]");

    // then
    assertThat(small.reply()).contains("[true,[1]]");
    assertThat(overflow.reply()).contains("[\"error\",\"TypeError\",{}]");
  }

  @Test
  void should_be_fatal_with_exit_255_when_a_ddoc_is_not_cached() {
    // when
    Response response = server.handle("[\"ddoc\",\"_design/x\",[\"shows\",\"s\"],[]]");

    // then
    assertThat(response.reply())
        .contains("[\"error\",\"query_protocol_error\",\"uncached design doc: _design/x\"]");
    assertThat(response.exitStatus()).hasValue(255);
  }

  @Test
  @Timeout(30)
  void should_use_the_reset_timeout_and_go_on_after_a_runaway_function() {
    // given
    server.handle("[\"reset\",{\"timeout\":200}]");
    server.handle("[\"add_fun\",\"function(doc) { while (true) {} }\"]");

    // when
    Response stopped = server.handle("[\"map_doc\",{}]");
    server.handle("[\"reset\"]");
    server.handle("[\"add_fun\",\"function(doc) { emit('alive', 1); }\"]");
    Response next = server.handle("[\"map_doc\",{}]");

    // then
    assertThat(stopped.reply()).contains("[\"error\",\"timeout\",\"function timed out after 200 ms\"]");
    assertThat(stopped.exits()).isFalse();
    assertThat(next.reply()).contains("[[[\"alive\",1]]]");
  }

  @Test
  void should_restore_the_default_timeout_when_a_reset_names_none() {
    // given
    QueryServer quick = new QueryServer(QueryServerOptions.defaults().withTimeout(Duration.ofMillis(150)));
    try {
      quick.handle("[\"reset\",{\"timeout\":60000}]");
      quick.handle("[\"reset\"]");
      quick.handle("[\"add_fun\",\"function(doc) { while (true) {} }\"]");

      // when
      Response response = quick.handle("[\"map_doc\",{}]");

      // then
      assertThat(response.reply()).contains("[\"error\",\"timeout\",\"function timed out after 150 ms\"]");
    } finally {
      quick.close();
    }
  }

  @Test
  void should_escape_lone_surrogates_so_replies_stay_valid_utf8() {
    // given
    server.handle("[\"reset\"]");
    server.handle("[\"add_fun\",\"function(doc) { log(doc.s); emit(doc.s, 1); }\"]");

    // when
    Response response = server.handle("[\"map_doc\",{\"s\":\"a\\udc00\"}]");

    // then
    assertThat(response.logLines()).containsExactly("[\"log\",\"a\\udc00\"]");
    assertThat(response.reply()).contains("[[[\"a\\udc00\",1]]]");
  }

  private static final String LIST_DDOC =
      "[\"ddoc\",\"new\",\"_design/l\",{\"lists\":{\"l\":\"function(head, req) {"
          + " send('head;'); var row; while (row = getRow()) { log('row ' + row.key);"
          + " send(row.key + ';'); } return 'tail'; }\"}}]";
  private static final String LIST_CALL =
      "[\"ddoc\",\"_design/l\",[\"lists\",\"l\"],[{\"total_rows\":2},{\"headers\":{},\"query\":{}}]]";

  @Test
  @Timeout(30)
  void should_answer_each_list_line_while_the_list_function_waits_for_rows() {
    // given
    server.handle("[\"reset\"]");
    server.handle(LIST_DDOC);

    // when
    Response start = server.handle(LIST_CALL);
    Response first = server.handle("[\"list_row\",{\"key\":\"a\"}]");
    Response end = server.handle("[\"list_end\"]");
    Response after = server.handle("[\"reset\"]");

    // then
    assertThat(start.reply()).contains("[\"start\",[\"head;\"],{\"headers\":{}}]");
    assertThat(first.logLines()).containsExactly("[\"log\",\"row a\"]");
    assertThat(first.reply()).contains("[\"chunks\",[\"a;\"]]");
    assertThat(end.reply()).contains("[\"end\",[\"tail\"]]");
    assertThat(after.reply()).contains("true");
  }

  @Test
  @Timeout(30)
  void should_be_fatal_list_error_when_another_command_arrives_while_a_list_waits_for_rows() {
    // given
    server.handle("[\"reset\"]");
    server.handle(LIST_DDOC);
    server.handle(LIST_CALL);

    // when
    Response response = server.handle("[\"map_doc\",{\"_id\":\"a\"}]");

    // then
    assertThat(response.reply()).contains("[\"error\",\"list_error\",\"not a row 'map_doc'\"]");
    assertThat(response.exitStatus()).hasValue(255);
  }

  @Test
  void should_be_fatal_unknown_command_when_a_list_row_arrives_outside_a_list() {
    // when
    Response response = server.handle("[\"list_row\",{\"key\":\"a\"}]");

    // then
    assertThat(response.reply())
        .contains("[\"error\",\"unknown_command\",\"unknown command 'list_row'\"]");
    assertThat(response.exitStatus()).hasValue(255);
  }

  @Test
  @Timeout(30)
  void should_close_without_hanging_when_a_list_waits_for_rows() {
    // given
    QueryServer listing = new QueryServer(QueryServerOptions.defaults());
    listing.handle("[\"reset\"]");
    listing.handle(LIST_DDOC);
    Response start = listing.handle(LIST_CALL);

    // when
    listing.close();

    // then
    assertThat(start.reply()).isPresent();
    assertThat(listing.hasExited()).isFalse();
  }

  /** Lines from a list, responses collected. */
  private static final class ScriptedChannel implements QueryServer.LineChannel {
    private final java.util.Iterator<String> input;
    private final java.util.List<Response> written = new java.util.ArrayList<>();

    ScriptedChannel(String... lines) {
      input = java.util.List.of(lines).iterator();
    }

    @Override
    public String readLine() {
      return input.hasNext() ? input.next() : null;
    }

    @Override
    public void write(Response response) {
      written.add(response);
    }
  }

  @Test
  @Timeout(30)
  void should_serve_a_channel_with_list_rows_read_from_it_and_go_on_with_the_next_channel()
      throws Exception {
    // given
    ScriptedChannel channel =
        new ScriptedChannel(
            "[\"reset\"]", LIST_DDOC, LIST_CALL, "[\"list_row\",{\"key\":\"a\"}]",
            "[\"list_end\"]", "[\"reset\"]");

    // when
    int status = server.serve(channel);
    int nextStatus = server.serve(new ScriptedChannel("[\"map_doc\",{\"_id\":\"x\"}]"));

    // then
    assertThat(status).isZero();
    assertThat(channel.written).extracting(r -> r.reply().orElseThrow())
        .containsExactly("true", "true", "[\"start\",[\"head;\"],{\"headers\":{}}]",
            "[\"chunks\",[\"a;\"]]", "[\"end\",[\"tail\"]]", "true");
    assertThat(channel.written.get(3).logLines()).containsExactly("[\"log\",\"row a\"]");
    assertThat(nextStatus).isZero();
    assertThat(server.hasExited()).isFalse();
  }

  @Test
  @Timeout(30)
  void should_end_with_status_0_when_the_input_ends_while_a_list_waits_for_rows()
      throws Exception {
    // given
    ScriptedChannel channel = new ScriptedChannel("[\"reset\"]", LIST_DDOC, LIST_CALL);

    // when
    int status = server.serve(channel);

    // then
    assertThat(status).isZero();
    assertThat(channel.written).hasSize(3);
    assertThat(server.hasExited()).isTrue();
  }

  @Test
  @Timeout(30)
  void should_stop_serving_with_the_status_of_a_fatal_reply() throws Exception {
    // given
    ScriptedChannel channel = new ScriptedChannel("[\"bogus\"]", "[\"reset\"]");

    // when
    int status = server.serve(channel);

    // then
    assertThat(status).isEqualTo(255);
    assertThat(channel.written).hasSize(1);
    assertThat(server.hasExited()).isTrue();
    assertThatThrownBy(() -> server.serve(new ScriptedChannel()))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void should_make_the_same_documents_whether_a_map_doc_line_takes_the_direct_path_or_not() {
    // given: a function that shows everything of a document a map function can see
    server.handle("[\"reset\"]");
    server.handle(
        "[\"add_fun\",\"function(doc) { emit(JSON.stringify(doc), [typeof doc,"
            + " Object.isFrozen(doc), doc && Object.keys(doc).join('|')]); }\"]");
    List<String> docs =
        List.of(
            "{\"_id\":\"a\",\"k\":1,\"k\":2,\"j\":[1,{\"x\":1,\"x\":{}}]}",
            "{\"b\":1,\"2\":2,\"1\":3,\"a\":4,\"b\":5,\"4294967295\":6}",
            "{\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5,\"f\":6,\"g\":7,\"h\":8,"
                + "\"i\":9,\"a\":10,\"c\":11}",
            "null", "5", "\"s\"", "[1,[2]]", "{}", "[]");

    for (String doc : docs) {
      // when: the direct path (the line as CouchDB writes it) and the general one (a space)
      Response direct = server.handle("[\"map_doc\"," + doc + "]");
      Response general = server.handle("[ \"map_doc\"," + doc + "]");

      // then
      assertThat(direct.reply()).as(doc).isEqualTo(general.reply());
    }
    assertThat(server.handle("[\"map_doc\",{\"k\":1,\"k\":2}]").reply())
        .contains("[[[\"{\\\"k\\\":2}\",[\"object\",true,\"k\"]]]]");
  }

  @Test
  void should_answer_malformed_or_unusual_map_doc_lines_as_the_general_reader_does() {
    // given
    server.handle("[\"reset\"]");
    server.handle("[\"add_fun\",\"function(doc) { emit(null, doc); }\"]");

    // when
    Response extraArgument = server.handle("[\"map_doc\",{\"a\":1},2]");
    Response trailingSpace = server.handle("[\"map_doc\",{\"a\":1}]  ");
    Response malformed = server.handle("[\"map_doc\",{\"a\":1]");

    // then
    assertThat(extraArgument.reply()).contains("[[[null,{\"a\":1}]]]");
    assertThat(trailingSpace.reply()).contains("[[[null,{\"a\":1}]]]");
    assertThat(malformed.reply()).isEmpty();
    assertThat(malformed.exitStatus()).hasValue(0);
    assertThat(malformed.diagnostics()).startsWith("error: JSON.parse: unexpected character ']'");
  }
}
