package org.couchtck.reference.queryserver;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Drives the reference as CouchDB's JavaScript query server: child processes in a pool that
 * checks them out, resets and teaches them exactly as couch_proc_manager and couch_query_servers
 * do.
 */
class CouchDbProcessPoolTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CTX = "db/_design/app/_view/by_type";
  private static final Map<String, Object> USER_CTX =
      Map.of("db", "db", "name", "alice", "roles", List.of());
  private static final Map<String, Object> SEC_OBJ = Map.of();

  private CouchDbProcessPool pool;

  @AfterEach
  void killLeftovers() {
    if (pool != null) {
      pool.close();
    }
  }

  private CouchDbProcessPool pool(int maxProcesses) {
    String java = ProcessHandle.current().info().command().orElse("java");
    List<String> command =
        List.of(
            java, "-cp", System.getProperty("java.class.path"), QueryServerMain.class.getName());
    pool =
        new CouchDbProcessPool(
            Map.of("javascript", command), maxProcesses, Duration.ofSeconds(30));
    return pool;
  }

  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (Exception e) {
      throw new IllegalArgumentException(text, e);
    }
  }

  private static Map<String, Object> req(String method) {
    return Map.of(
        "method", method,
        "path", List.of("db", "_design", "app"),
        "query", Map.of("q", "1"),
        "headers", Map.of("Accept", "*/*"),
        "body", "undefined",
        "userCtx", USER_CTX);
  }

  private static final JsonNode APP =
      json(
          """
          {"_id":"_design/app","_rev":"1-aaa","language":"javascript",
           "views":{"lib":{"util":"exports.twice = function(x) { return 2 * x; };"},
                    "by_type":{"map":"function(doc) { emit(doc.type, require('views/lib/util').twice(doc.n)); }"},
                    "titles":{"map":"function(doc) { log('map ' + doc._id); emit(doc.title, null); }"}},
           "shows":{"hello":"function(doc, req) { return {body: 'hello ' + doc._id + ' q=' + req.query.q}; }"},
           "lists":{"rows":"function(head, req) { start({headers: {'Content-Type': 'text/plain'}}); send('total ' + head.total_rows + ';'); var row; while (row = getRow()) { send(row.key + '=' + row.value + ';'); } return 'end'; }"},
           "updates":{"stamp":"function(doc, req) { doc.stamped = true; return [doc, 'stamped ' + doc._id]; }"},
           "filters":{"posts":"function(doc, req) { return doc.type === 'post'; }"},
           "validate_doc_update":"function(newDoc, oldDoc, userCtx) { if (!newDoc.type) { throw({forbidden: 'type required'}); } }"}
          """);

  private static final JsonNode OTHER =
      json(
          """
          {"_id":"_design/other","_rev":"1-bbb","language":"javascript",
           "validate_doc_update":"function(newDoc, oldDoc, userCtx) { if (userCtx.name !== 'alice') { throw({unauthorized: 'alice only'}); } if (newDoc.locked) { throw({forbidden: 'locked'}); } }"}
          """);

  private static final JsonNode POST = json("{\"_id\":\"p1\",\"_rev\":\"1-x\",\"type\":\"post\",\"n\":1,\"title\":\"One\"}");
  private static final JsonNode NOTE = json("{\"_id\":\"n2\",\"_rev\":\"1-y\",\"type\":\"note\",\"n\":2,\"title\":\"Two\"}");
  private static final JsonNode UNTYPED = json("{\"_id\":\"u3\",\"n\":3}");

  private static long count(List<String> names, String name) {
    return names.stream().filter(name::equals).count();
  }

  @Test
  @Timeout(120)
  void should_index_then_reduce_and_rereduce_on_one_process_when_couchdb_builds_a_view() {
    // given
    CouchDbProcessPool pool = pool(1);

    // when: couch_mrview indexing (start_doc_map, map_doc_raw, stop_doc_map)
    OsProcess indexer = pool.checkout("javascript");
    JsonNode addLib = indexer.prompt(List.of("add_lib", APP.path("views").path("lib")));
    JsonNode addByType = indexer.prompt(List.of("add_fun", APP.at("/views/by_type/map").asText()));
    JsonNode addTitles = indexer.prompt(List.of("add_fun", APP.at("/views/titles/map").asText()));
    JsonNode mapPost = indexer.prompt(List.of("map_doc", POST));
    JsonNode mapNote = indexer.prompt(List.of("map_doc", NOTE));
    pool.release(indexer);
    // then a query: os_reduce, then os_rereduce with one function per call
    String sum = "function(keys, values, rereduce) { return sum(values); }";
    OsProcess reducer = pool.checkout("javascript");
    JsonNode reduce =
        reducer.prompt(
            List.of(
                "reduce",
                List.of(sum),
                List.of(List.of(List.of("post", "p1"), 2), List.of(List.of("note", "n2"), 4)),
                CTX));
    pool.release(reducer);
    OsProcess rereducer = pool.checkout("javascript");
    JsonNode rereduce = rereducer.prompt(List.of("rereduce", List.of(sum), List.of(6, 10), CTX));
    pool.release(rereducer);

    // then
    assertThat(List.of(addLib, addByType, addTitles)).allMatch(JsonNode::booleanValue);
    assertThatJson(mapPost).isEqualTo("[[[\"post\",2]],[[\"One\",null]]]");
    assertThatJson(mapNote).isEqualTo("[[[\"note\",4]],[[\"Two\",null]]]");
    assertThat(indexer.logs()).containsExactly("map p1", "map n2");
    assertThatJson(reduce).isEqualTo("[true,[6]]");
    assertThatJson(rereduce).isEqualTo("[true,[16]]");
    assertThat(pool.started()).containsExactly(indexer);
    assertThat(reducer).isSameAs(indexer);
    assertThat(rereducer).isSameAs(indexer);
    assertThat(indexer.sentCommandNames())
        .containsExactly(
            "reset", "add_lib", "add_fun", "add_fun", "map_doc", "map_doc",
            "reset", "reduce",
            "reset", "rereduce");
    assertThatJson(indexer.sentLines().get(0))
        .isEqualTo(
            "[\"reset\",{\"reduce_limit\":true,\"reduce_limit_threshold\":5000,"
                + "\"reduce_limit_ratio\":2.0,\"timeout\":5000}]");
  }

  @Test
  @Timeout(120)
  void should_teach_each_ddoc_once_when_two_ddocs_share_one_process() {
    // given
    CouchDbProcessPool pool = pool(1);

    // when
    JsonNode show =
        pool.ddocPrompt(APP, List.of("shows", "hello"), List.of(POST, req("GET")));
    List<JsonNode> list =
        pool.withDdocProcess(
            APP,
            session ->
                List.of(
                    session.call(
                        List.of("lists", "rows"),
                        List.of(Map.of("total_rows", 2, "offset", 0), req("GET"))),
                    session.prompt(List.of("list_row", Map.of("id", "p1", "key", "post", "value", 2))),
                    session.prompt(List.of("list_row", Map.of("id", "n2", "key", "note", "value", 4))),
                    session.prompt(List.of("list_end"))));
    JsonNode update =
        pool.ddocPrompt(APP, List.of("updates", "stamp"), List.of(POST, req("POST")));
    JsonNode filter =
        pool.ddocPrompt(
            APP, List.of("filters", "posts"), List.of(List.of(POST, NOTE, UNTYPED), req("GET")));
    JsonNode appAccepts =
        pool.ddocPrompt(
            APP, List.of("validate_doc_update"), Arrays.asList(POST, null, USER_CTX, SEC_OBJ));
    JsonNode appForbids =
        pool.ddocPrompt(
            APP, List.of("validate_doc_update"), Arrays.asList(UNTYPED, null, USER_CTX, SEC_OBJ));
    JsonNode otherAccepts =
        pool.ddocPrompt(
            OTHER, List.of("validate_doc_update"), Arrays.asList(NOTE, POST, USER_CTX, SEC_OBJ));
    JsonNode otherForbids =
        pool.ddocPrompt(
            OTHER,
            List.of("validate_doc_update"),
            Arrays.asList(json("{\"_id\":\"l\",\"locked\":true}"), null, USER_CTX, SEC_OBJ));
    JsonNode showAgain =
        pool.ddocPrompt(APP, List.of("shows", "hello"), List.of(NOTE, req("GET")));

    // then
    assertThatJson(show).isEqualTo("[\"resp\",{\"body\":\"hello p1 q=1\"}]");
    assertThatJson(list.get(0))
        .isEqualTo("[\"start\",[\"total 2;\"],{\"headers\":{\"Content-Type\":\"text/plain\"}}]");
    assertThatJson(list.get(1)).isEqualTo("[\"chunks\",[\"post=2;\"]]");
    assertThatJson(list.get(2)).isEqualTo("[\"chunks\",[\"note=4;\"]]");
    assertThatJson(list.get(3)).isEqualTo("[\"end\",[\"end\"]]");
    assertThatJson(update)
        .isEqualTo(
            "[\"up\",{\"_id\":\"p1\",\"_rev\":\"1-x\",\"type\":\"post\",\"n\":1,"
                + "\"title\":\"One\",\"stamped\":true},{\"body\":\"stamped p1\"}]");
    assertThatJson(filter).isEqualTo("[true,[true,false,false]]");
    assertThatJson(appAccepts).isEqualTo("1");
    assertThatJson(appForbids).isEqualTo("{\"forbidden\":\"type required\"}");
    assertThatJson(otherAccepts).isEqualTo("1");
    assertThatJson(otherForbids).isEqualTo("{\"forbidden\":\"locked\"}");
    assertThatJson(showAgain).isEqualTo("[\"resp\",{\"body\":\"hello n2 q=1\"}]");
    assertThat(pool.started()).hasSize(1);
    OsProcess process = pool.started().get(0);
    List<String> names = process.sentCommandNames();
    assertThat(count(names, "ddoc new")).isEqualTo(2);
    assertThat(names.subList(0, 3)).containsExactly("ddoc new", "reset", "ddoc");
    assertThat(names)
        .containsSubsequence("reset", "ddoc", "list_row", "list_row", "list_end")
        .containsSubsequence("ddoc new", "ddoc new");
    assertThat(
            process.sentLines().stream()
                .filter(line -> line.startsWith("[\"ddoc\",\"new\""))
                .map(line -> json(line).get(2).asText()))
        .containsExactly("_design/app", "_design/other");
  }

  @Test
  @Timeout(120)
  void should_send_ddoc_new_again_when_the_ddoc_rev_changes() {
    // given
    CouchDbProcessPool pool = pool(1);
    JsonNode revised = APP.deepCopy();
    ((ObjectNode) revised).put("_rev", "2-ccc");
    ((ObjectNode) revised.path("shows"))
        .put("hello", "function(doc, req) { return 'revised ' + doc._id; }");

    // when
    JsonNode before = pool.ddocPrompt(APP, List.of("shows", "hello"), List.of(POST, req("GET")));
    JsonNode sameRev = pool.ddocPrompt(APP, List.of("shows", "hello"), List.of(POST, req("GET")));
    JsonNode after = pool.ddocPrompt(revised, List.of("shows", "hello"), List.of(POST, req("GET")));

    // then
    assertThatJson(before).isEqualTo("[\"resp\",{\"body\":\"hello p1 q=1\"}]");
    assertThatJson(sameRev).isEqualTo(before.toString());
    assertThatJson(after).isEqualTo("[\"resp\",{\"body\":\"revised p1\"}]");
    assertThat(pool.started()).hasSize(1);
    assertThat(pool.started().get(0).knows(DdocKey.of(APP))).isFalse();
    assertThat(pool.started().get(0).knows(DdocKey.of(revised))).isTrue();
    assertThat(pool.started().get(0).sentCommandNames())
        .containsExactly(
            "ddoc new", "reset", "ddoc",
            "reset", "ddoc",
            "ddoc new", "reset", "ddoc");
  }

  @Test
  @Timeout(120)
  void should_replace_the_process_when_a_validate_throws_an_error() {
    // given
    CouchDbProcessPool pool = pool(2);
    JsonNode throwing =
        json(
            """
            {"_id":"_design/strict","_rev":"1-ddd",
             "validate_doc_update":"function(newDoc) { if (newDoc.bad) { throw new Error('broken validator'); } }"}
            """);
    JsonNode bad = json("{\"_id\":\"b\",\"bad\":true}");
    List<?> badArgs = Arrays.asList(bad, null, USER_CTX, SEC_OBJ);

    // when
    Throwable failure =
        catchThrowable(
            () -> pool.ddocPrompt(throwing, List.of("validate_doc_update"), badArgs));
    OsProcess first = pool.started().get(0);
    JsonNode accepted =
        pool.ddocPrompt(
            throwing, List.of("validate_doc_update"), Arrays.asList(POST, null, USER_CTX, SEC_OBJ));

    // then
    assertThat(failure)
        .isInstanceOfSatisfying(
            OsProcessException.class,
            e -> assertThat(e.kind()).isEqualTo(OsProcessException.Kind.ERROR));
    // couchjs reports a thrown Error by its name, with an empty object as reason.
    assertThat(((OsProcessException) failure).id()).isEqualTo("Error");
    assertThat(first.isAlive()).isFalse();
    assertThat(pool.started()).hasSize(2);
    assertThat(pool.live()).containsExactly(pool.started().get(1));
    assertThatJson(accepted).isEqualTo("1");
    assertThat(pool.started().get(1).sentCommandNames())
        .containsExactly("ddoc new", "reset", "ddoc");
  }

  @Test
  @Timeout(120)
  void should_serve_interleaved_checkouts_with_two_processes_when_both_are_busy_at_once() {
    // given
    CouchDbProcessPool pool = pool(2);
    List<?> args = List.of(List.of(POST, NOTE), req("GET"));

    // when
    OsProcess first = pool.checkout(APP);
    OsProcess second = pool.checkout(APP);
    JsonNode fromSecond = second.prompt(List.of("ddoc", "_design/app", List.of("filters", "posts"), args));
    JsonNode fromFirst = first.prompt(List.of("ddoc", "_design/app", List.of("filters", "posts"), args));
    Throwable exhausted = catchThrowable(() -> pool.checkout(OTHER));
    pool.release(first);
    OsProcess third = pool.checkout(OTHER);
    JsonNode fromThird =
        third.prompt(
            List.of(
                "ddoc",
                "_design/other",
                List.of("validate_doc_update"),
                Arrays.asList(POST, null, USER_CTX, SEC_OBJ)));
    pool.release(second);
    pool.release(third);
    List<String> firstSentBeforeReuse = first.sentCommandNames();
    OsProcess fourth = pool.checkout(APP);
    JsonNode fromFourth =
        fourth.prompt(List.of("ddoc", "_design/app", List.of("filters", "posts"), args));
    pool.release(fourth);

    // then
    assertThat(first).isNotSameAs(second);
    assertThatJson(fromFirst).isEqualTo("[true,[true,false]]");
    assertThatJson(fromSecond).isEqualTo("[true,[true,false]]");
    assertThat(exhausted).isInstanceOf(IllegalStateException.class);
    assertThat(third).isSameAs(first);
    assertThatJson(fromThird).isEqualTo("1");
    assertThat(pool.started()).containsExactly(first, second);
    assertThat(firstSentBeforeReuse)
        .containsExactly("ddoc new", "reset", "ddoc", "ddoc new", "reset", "ddoc");
    assertThat(fourth).isIn(first, second);
    assertThatJson(fromFourth).isEqualTo("[true,[true,false]]");
    // Reused: it already knows _design/app, so only reset precedes the call.
    List<String> fourthNames = fourth.sentCommandNames();
    assertThat(fourthNames.subList(fourthNames.size() - 2, fourthNames.size()))
        .containsExactly("reset", "ddoc");
    assertThat(count(fourthNames, "ddoc new")).isEqualTo(fourth == first ? 2 : 1);
  }

  @Test
  @Timeout(120)
  void should_replace_the_process_when_a_map_function_outlasts_the_line_timeout() {
    // given: the reset config's timeout (5000 ms) is both CouchDB's line timeout and the
    // reference's own script limit; CouchDB's clock starts first, so it gives up first.
    CouchDbProcessPool pool = pool(1);
    OsProcess runaway = pool.checkout("javascript");
    runaway.prompt(List.of("add_fun", "function(doc) { while (true) {} }"));

    // when
    Throwable failure =
        catchThrowable(() -> runaway.prompt(List.of("map_doc", POST)));
    pool.release(runaway);
    OsProcess fresh = pool.checkout("javascript");
    JsonNode added = fresh.prompt(List.of("add_fun", APP.at("/views/titles/map").asText()));
    JsonNode mapped = fresh.prompt(List.of("map_doc", POST));
    pool.release(fresh);

    // then
    assertThat(failure)
        .isInstanceOfSatisfying(
            OsProcessException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(OsProcessException.Kind.TIMEOUT);
              assertThat(e.id()).isEqualTo("os_process_error");
            });
    assertThat(runaway.isAlive()).isFalse();
    assertThat(fresh).isNotSameAs(runaway);
    assertThat(pool.started()).containsExactly(runaway, fresh);
    assertThat(added.booleanValue()).isTrue();
    assertThatJson(mapped).isEqualTo("[[[\"One\",null]]]");
  }

  @Test
  @Timeout(120)
  void should_end_every_process_with_status_0_when_couchdb_closes_their_stdin() {
    // given
    CouchDbProcessPool pool = pool(2);
    OsProcess first = pool.checkout(APP);
    OsProcess second = pool.checkout("javascript");
    pool.release(first);
    pool.release(second);
    Set<Long> pids =
        pool.started().stream().map(p -> p.handle().pid()).collect(Collectors.toSet());

    // when
    Map<Long, Integer> statuses = pool.shutDown();

    // then
    assertThat(statuses).containsOnlyKeys(pids).allSatisfy((pid, status) -> assertThat(status).isZero());
    assertThat(pool.started()).noneMatch(OsProcess::isAlive);
    assertThat(ProcessHandle.current().descendants().map(ProcessHandle::pid))
        .doesNotContainAnyElementsOf(pids);
    assertThat(pool.live()).isEqualTo(Collections.emptyList());
  }
}
