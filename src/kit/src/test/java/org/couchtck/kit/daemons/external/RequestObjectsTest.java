package org.couchtck.kit.daemons.external;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.kit.daemons.external.ExternalRequest.FieldOrder;
import org.couchtck.kit.daemons.external.ExternalRequest.Header;
import org.couchtck.kit.daemons.external.ExternalRequest.User;
import org.couchtck.kit.daemons.external.RequestObjects.RequestObject;
import org.junit.jupiter.api.Test;

/** The request object CouchDB 2.2.0 writes to an _external handler, field by field. */
class RequestObjectsTest {

    private static final String UUID = "0123456789abcdef0123456789abcdef";

    private static ExternalRequest get(String path, Header... headers) {
        return new ExternalRequest("GET", path, List.of(headers), Optional.empty(), Optional.empty(), null,
                FieldOrder.CHTTPD);
    }

    private static RequestObject build(ExternalRequest request) {
        return RequestObjects.build(request, UUID);
    }

    private static List<String> fieldNames(ObjectNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void a_plain_get_has_chttpds_fields_in_chttpds_order() {
        // when
        RequestObject object = build(get("/db/_external/couchtck", new Header("Accept", "application/json")));

        // then
        assertThat(fieldNames(object.object())).containsExactly("info", "uuid", "id", "method", "requested_path",
                "path", "raw_path", "query", "headers", "body", "peer", "form", "cookie", "userCtx", "secObj");
        assertThatJson(object.line()).whenIgnoringPaths("info").isEqualTo("{\"uuid\":\"" + UUID + "\",\"id\":null,"
                + "\"method\":\"GET\",\"requested_path\":[\"db\",\"_external\",\"couchtck\"],"
                + "\"path\":[\"db\",\"_external\",\"couchtck\"],\"raw_path\":\"/db/_external/couchtck\",\"query\":{},"
                + "\"headers\":{\"Accept\":\"application/json\",\"Host\":\"127.0.0.1:5984\"},\"body\":\"undefined\","
                + "\"peer\":\"127.0.0.1\",\"form\":{},\"cookie\":{},"
                + "\"userCtx\":{\"db\":\"db\",\"name\":null,\"roles\":[]},\"secObj\":{}}");
        assertThat(object.line()).startsWith("{\"info\":{\"db_name\":\"db\",\"update_seq\":");
        assertThat(object.line()).doesNotContain("\n");
    }

    @Test
    void the_node_local_writer_puts_id_before_uuid_and_gives_the_shards_info() {
        // when
        RequestObject object = build(new ExternalRequest("GET", "/db/_external/x", List.of(), Optional.empty(),
                Optional.empty(), null, FieldOrder.COUCH_HTTPD));

        // then
        assertThat(fieldNames(object.object())).startsWith("info", "id", "uuid", "method");
        assertThat(fieldNames((ObjectNode) object.object().get("info"))).startsWith("db_name", "engine",
                "doc_count");
    }

    @Test
    void path_parts_are_unquoted_after_splitting_and_requested_path_keeps_the_query() {
        // when
        ObjectNode object = build(get("/db/_external/couchtck/a+b/c%2Fd/caf%C3%A9//?x=1&y=%F0%9F%98%80")).object();

        // then
        assertThatJson(object.get("path")).isEqualTo("[\"db\",\"_external\",\"couchtck\",\"a b\",\"c/d\",\"café\"]");
        assertThatJson(object.get("requested_path")).isEqualTo(
                "[\"db\",\"_external\",\"couchtck\",\"a b\",\"c/d\",\"café\",\"?x=1&y=\uD83D\uDE00\"]");
        assertThat(object.get("raw_path").textValue()).isEqualTo("/db/_external/couchtck/a+b/c%2Fd/caf%C3%A9//"
                + "?x=1&y=%F0%9F%98%80");
    }

    @Test
    void query_values_are_strings_but_the_json_keys_are_decoded() {
        // when: chttpd decodes descending too, couch_httpd does not
        String path = "/db/_external/x?key=%22k%22&startkey=%5B1%2C2.5%5D&endkey=%7B%7D&descending=true&limit=10"
                + "&plus=a+b;semi=1&flag";
        ObjectNode chttpd = build(get(path)).object();
        ObjectNode couchHttpd = RequestObjects.build(new ExternalRequest("GET", path, List.of(), Optional.empty(),
                Optional.empty(), null, FieldOrder.COUCH_HTTPD), UUID).object();

        // then
        assertThatJson(chttpd.get("query")).isEqualTo("{\"key\":\"k\",\"startkey\":[1,2.5],\"endkey\":{},"
                + "\"descending\":true,\"limit\":\"10\",\"plus\":\"a b\",\"semi\":\"1\",\"flag\":\"\"}");
        assertThat(couchHttpd.get("query").get("descending").textValue()).isEqualTo("true");
    }

    @Test
    void a_repeated_query_key_is_repeated_in_the_line() {
        // when
        RequestObject object = build(get("/db/_external/x?a=1&a=2"));

        // then
        assertThat(object.line()).contains("\"query\":{\"a\":\"1\",\"a\":\"2\"}");
        assertThat(object.object().get("query").get("a").textValue()).isEqualTo("2");
    }

    @Test
    void headers_are_ordered_by_lower_cased_name_and_a_repeated_one_joined() {
        // when
        ObjectNode object = build(get("/db/_external/x", new Header("X-B", "1"), new Header("accept", "*/*"),
                new Header("x-b", "2"), new Header("Host", "h"))).object();

        // then
        assertThat(object.get("headers").toString())
                .isEqualTo("{\"accept\":\"*/*\",\"Host\":\"h\",\"X-B\":\"1, 2\"}");
    }

    @Test
    void a_body_is_the_text_and_a_form_body_is_parsed_for_post_and_put_only_in_chttpd() {
        // given
        List<Header> form = List.of(new Header("Content-Type", "application/x-www-form-urlencoded; charset=UTF-8"));

        // when
        ObjectNode post = build(new ExternalRequest("POST", "/db/_external/x", form, Optional.of("a=1&b=caf%C3%A9"),
                Optional.empty(), null, FieldOrder.CHTTPD)).object();
        ObjectNode chttpdGet = build(new ExternalRequest("GET", "/db/_external/x", form, Optional.of("a=1"),
                Optional.empty(), null, FieldOrder.CHTTPD)).object();
        ObjectNode couchHttpdGet = build(new ExternalRequest("GET", "/db/_external/x", form, Optional.of("a=1"),
                Optional.empty(), null, FieldOrder.COUCH_HTTPD)).object();

        // then
        assertThat(post.get("body").textValue()).isEqualTo("a=1&b=caf%C3%A9");
        assertThatJson(post.get("form")).isEqualTo("{\"a\":\"1\",\"b\":\"café\"}");
        assertThat(post.get("headers").get("Content-Length").textValue()).isEqualTo("15");
        assertThatJson(chttpdGet.get("form")).isEqualTo("{}");
        assertThatJson(couchHttpdGet.get("form")).isEqualTo("{\"a\":\"1\"}");
    }

    @Test
    void cookies_are_parsed_as_mochiweb_does() {
        // when
        ObjectNode object = build(get("/db/_external/x",
                new Header("Cookie", "AuthSession=abc; lang=\"fr \\\"ch\\\"\"; $Version=1, n=1"))).object();

        // then
        assertThatJson(object.get("cookie")).isEqualTo("{\"AuthSession\":\"abc\",\"lang\":\"fr \\\"ch\\\"\",\"n\":\"1\"}");
    }

    @Test
    void head_is_get_and_chttpd_takes_a_method_override_of_a_post() {
        // when
        ObjectNode head = build(new ExternalRequest("HEAD", "/db/_external/x", List.of(), Optional.empty(),
                Optional.empty(), null, FieldOrder.CHTTPD)).object();
        ObjectNode overridden = build(new ExternalRequest("POST", "/db/_external/x",
                List.of(new Header("X-HTTP-Method-Override", "PUT")), Optional.of(""), Optional.empty(), null,
                FieldOrder.CHTTPD)).object();

        // then
        assertThat(head.get("method").textValue()).isEqualTo("GET");
        assertThat(overridden.get("method").textValue()).isEqualTo("PUT");
    }

    @Test
    void the_user_and_the_security_object_are_the_requests() {
        // given
        ObjectNode secObj = JsonNodeFactory.instance.objectNode();
        secObj.putObject("members").putArray("names").add("bob");

        // when
        ObjectNode object = build(new ExternalRequest("GET", "/a%24b%2Fc/_external/x", List.of(), Optional.empty(),
                Optional.of(new User("bob", List.of("r"))), secObj, FieldOrder.CHTTPD)).object();

        // then
        assertThatJson(object.get("userCtx")).isEqualTo("{\"db\":\"a$b/c\",\"name\":\"bob\",\"roles\":[\"r\"]}");
        assertThatJson(object.get("secObj")).isEqualTo("{\"members\":{\"names\":[\"bob\"]}}");
        assertThat(object.get("info").get("db_name").textValue()).isEqualTo("a$b/c");
    }

    @Test
    void requests_couchdb_answers_itself_are_refused() {
        assertThatThrownBy(() -> build(get("/db/_external/x?key=notjson")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CouchDB answers 400 itself");
        assertThatThrownBy(() -> build(get("/db/_external/x/%FF")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not UTF-8");
        assertThatThrownBy(() -> build(get("db/_external/x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("absolute path");
    }
}
