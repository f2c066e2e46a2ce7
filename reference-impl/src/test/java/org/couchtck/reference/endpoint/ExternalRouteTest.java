package org.couchtck.reference.endpoint;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.couchtck.reference.daemons.EchoExternal;
import org.couchtck.reference.daemons.ExitingExternal;
import org.couchtck.reference.daemons.GarbageExternal;
import org.couchtck.reference.daemons.HangingExternal;
import org.couchtck.reference.daemons.JavaCommand;
import org.couchtck.reference.daemons.Processes;
import org.couchtck.reference.daemons.ScriptedExternal;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code /db/_name} configured as an _external handler, end to end over HTTP with real handler processes, answered as
 * CouchDB 2.2.0's couch_httpd_external, couch_external_manager and couch_external_server answered.
 */
class ExternalRouteTest {

    private static final String DB = "ext";
    private static final String ECHO = JavaCommand.of(EchoExternal.class);
    private static final String SCRIPTED = JavaCommand.of(ScriptedExternal.class);

    private static ReferenceEndpoint endpoint;
    private static TestClient admin;

    @BeforeAll
    static void start() {
        endpoint = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults());
        admin = TestClient.admin(endpoint);
        admin.put("/" + DB, null);
    }

    @AfterAll
    static void stop() {
        endpoint.close();
    }

    @BeforeEach
    void configure() {
        NodeConfig config = endpoint.config();
        // a handler is a JVM starting on a busy machine: patient, except where a test wants a timeout
        config.set("couchdb", "os_process_timeout", "60000");
        config.set(ConfiguredHandlers.DB, "_echo", "{couch_httpd_external, handle_external_req, <<\"echo\">>}");
        config.set("external", "echo", ECHO);
        config.set(ConfiguredHandlers.DB, "_scripted", "{couch_httpd_external, handle_external_req, <<\"scripted\">>}");
        config.set("external", "scripted", SCRIPTED);
    }

    @Test
    void should_send_the_request_object_couch_httpd_external_builds_and_answer_the_json_reply() {
        HttpResponse<byte[]> response = admin.raw("GET", "/" + DB + "/_echo/some/path?key=%5B1%5D&descending=true&x=y",
                Map.of("X-Custom", "Yes", "Cookie", "flavour=oat; $Path=/"), null);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).contains("application/json");
        assertThat(response.headers().firstValue("Cache-Control")).contains("must-revalidate");
        assertThat(response.headers().firstValue("X-Couch-Request-ID")).isEmpty();
        JsonNode request = json(response).path("request");
        assertThat(fieldNames(request)).containsExactly("info", "id", "uuid", "method", "requested_path", "path",
                "raw_path", "query", "headers", "body", "peer", "form", "cookie", "userCtx", "secObj");
        assertThatJson(request).whenIgnoringPaths("info", "uuid", "headers", "peer", "secObj").isEqualTo("{"
                + "\"id\":null,\"method\":\"GET\","
                + "\"requested_path\":[\"ext\",\"_echo\",\"some\",\"path?key=[1]&descending=true&x=y\"],"
                + "\"path\":[\"ext\",\"_echo\",\"some\",\"path\"],"
                + "\"raw_path\":\"/ext/_echo/some/path?key=%5B1%5D&descending=true&x=y\","
                + "\"query\":{\"key\":[1],\"descending\":\"true\",\"x\":\"y\"},"
                // JDK 17's client sends GET with Content-Length: 0, an empty body for mochiweb, not an undefined one
                + "\"body\":\"\",\"form\":{},\"cookie\":{\"flavour\":\"oat\"},"
                + "\"userCtx\":{\"db\":\"ext\",\"name\":\"admin\",\"roles\":[\"_admin\"]}}");
        assertThat(request.path("info").path("db_name").asText()).isEqualTo(DB);
        assertThat(request.path("uuid").asText()).matches("[0-9a-f]{32}");
        assertThat(request.path("headers").path("X-Custom").asText()).isEqualTo("Yes");
        assertThat(request.path("headers").has("Authorization")).isTrue();
    }

    @Test
    void should_build_chttpd_externals_object_when_the_handler_names_that_module() {
        endpoint.config().set(ConfiguredHandlers.DB, "_chttpd", "{chttpd_external, handle_external_req, <<\"echo\">>}");

        HttpResponse<byte[]> response = admin.raw("GET", "/" + DB + "/_chttpd?descending=true", Map.of(), null);

        JsonNode request = json(response).path("request");
        assertThat(fieldNames(request)).startsWith("info", "uuid", "id");
        assertThat(request.path("query").path("descending").isBoolean()).isTrue();
        assertThat(response.headers().firstValue("X-Couch-Request-ID")).isPresent();
    }

    @Test
    void should_read_a_url_encoded_form_from_the_body() {
        HttpResponse<byte[]> response = admin.raw("POST", "/" + DB + "/_echo",
                Map.of("Content-Type", "application/x-www-form-urlencoded"), bytes("f=1&g=two"));

        JsonNode request = json(response).path("request");
        assertThatJson(request.path("form")).isEqualTo("{\"f\":\"1\",\"g\":\"two\"}");
        assertThat(request.path("body").asText()).isEqualTo("f=1&g=two");
    }

    @Test
    void should_keep_one_process_per_name_and_start_the_new_command_when_the_config_changes() {
        long first = echo().path("pid").asLong();
        long again = echo().path("pid").asLong();

        endpoint.config().set("external", "echo", JavaCommand.of(EchoExternal.class, "changed"));
        long changed = echo().path("pid").asLong();

        assertThat(again).isEqualTo(first);
        assertThat(changed).isNotEqualTo(first);
    }

    @Test
    void should_answer_404_for_a_name_the_external_section_does_not_have() throws Exception {
        long running = echo().path("pid").asLong();
        endpoint.config().set("external", "other", ECHO);
        endpoint.config().set(ConfiguredHandlers.DB, "_other", "{couch_httpd_external, handle_external_req, <<\"nope\">>}");

        TestClient.Reply reply = admin.get("/" + DB + "/_other");

        assertThat(reply.status()).isEqualTo(404);
        assertThatJson(reply.body()).isEqualTo(
                "{\"error\":\"external_server_error\",\"reason\":\"No server configured for \\\"nope\\\".\"}");
        assertThat(ProcessHandle.of(running).map(ProcessHandle::isAlive)).contains(true);
    }

    @Test
    void should_stop_the_process_of_a_name_the_config_dropped() throws Exception {
        // a name of its own: a key deleted as over HTTP stays deleted under what the other tests set as defaults
        endpoint.config().set(ConfiguredHandlers.DB, "_dropped",
                "{couch_httpd_external, handle_external_req, <<\"dropped\">>}");
        endpoint.config().set("external", "dropped", ECHO);
        HttpResponse<byte[]> first = admin.raw("GET", "/" + DB + "/_dropped", Map.of(), null);
        assertThat(first.statusCode()).isEqualTo(200);
        long running = json(first).path("pid").asLong();

        endpoint.config().delete("external", "dropped");
        TestClient.Reply reply = admin.get("/" + DB + "/_dropped");

        assertThat(reply.status()).isEqualTo(404);
        assertThat(Processes.gone(running)).isTrue();
    }

    @Test
    void should_take_the_name_from_the_path_for_the_old_external_handler() {
        endpoint.config().set(ConfiguredHandlers.DB, "_external", "{couch_httpd_external, handle_external_req}");

        HttpResponse<byte[]> named = admin.raw("GET", "/" + DB + "/_external/echo/design/name", Map.of(), null);
        TestClient.Reply unnamed = admin.get("/" + DB + "/_external");

        assertThat(json(named).path("request").path("path").toString())
                .isEqualTo("[\"ext\",\"_external\",\"echo\",\"design\",\"name\"]");
        assertThat(unnamed.status()).isEqualTo(404);
        assertThatJson(unnamed.body()).isEqualTo(
                "{\"error\":\"external_server_error\",\"reason\":\"No server name specified.\"}");
    }

    @Test
    void should_answer_for_a_missing_database_before_asking_any_handler() {
        TestClient.Reply reply = admin.get("/no-such-db/_echo");

        assertThat(reply.status()).isEqualTo(404);
        assertThat(reply.body().path("error").asText()).isEqualTo("not_found");
    }

    @Test
    void should_send_a_body_with_its_code_headers_and_default_type_and_no_csp() {
        HttpResponse<byte[]> response = scripted("{\"code\":201,\"body\":\"<p>hi</p>\",\"headers\":{\"X-Extra\":\"1\"}}");

        assertThat(response.statusCode()).isEqualTo(201);
        assertThat(response.headers().firstValue("Content-Type")).contains("text/html; charset=utf-8");
        assertThat(response.headers().firstValue("X-Extra")).contains("1");
        assertThat(response.headers().firstValue("Content-Security-Policy")).isEmpty();
        assertThat(text(response)).isEqualTo("<p>hi</p>");
    }

    @Test
    void should_send_base64_decoded_as_application_binary_unless_the_headers_name_a_type() {
        HttpResponse<byte[]> binary = scripted("{\"base64\":\"AAEC/w==\"}");
        HttpResponse<byte[]> typed = scripted("{\"base64\":\"aGk=\",\"headers\":{\"Content-Type\":\"text/plain\"}}");

        assertThat(binary.headers().firstValue("Content-Type")).contains("application/binary");
        assertThat(binary.body()).containsExactly(0, 1, 2, 0xFF);
        assertThat(typed.headers().firstValue("Content-Type")).contains("text/plain");
        assertThat(new String(typed.body(), StandardCharsets.UTF_8)).isEqualTo("hi");
    }

    @Test
    void should_let_the_handlers_own_cache_control_win_over_the_json_default() {
        HttpResponse<byte[]> response = scripted("{\"json\":{\"a\":1},\"headers\":{\"Cache-Control\":\"no-store\"}}");

        assertThat(response.headers().firstValue("Cache-Control")).contains("no-store");
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}\n");
    }

    @Test
    void should_take_a_reply_line_of_any_length() {
        String big = "x".repeat(3 * 1024 * 1024);

        HttpResponse<byte[]> response = scripted("{\"body\":\"" + big + "\"}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(text(response)).isEqualTo(big);
    }

    @Test
    void should_read_past_log_lines_to_the_reply() {
        HttpResponse<byte[]> response = scripted("[\"log\",\"a word first\"]\n{\"code\":202,\"json\":{\"ok\":true}}");

        assertThat(response.statusCode()).isEqualTo(202);
    }

    @Test
    void should_answer_couchdbs_errors_for_replies_it_could_not_use() {
        assertError(scripted("{\"code\":200,\"foo\":1}"), 500, "external_response_error",
                "Invalid data from external server: {<<\"foo\">>,1}");
        assertError(scripted("{\"stop\":false}"), 500, "external_response_error",
                "Invalid data from external server: {<<\"stop\">>,false}");
        assertError(scripted("[1,2]"), 500, "unknown_error", "function_clause");
        assertError(scripted("{\"code\":"), 400, "bad_request", "invalid_json");
        assertError(scripted(" "), 500, "badmatch", "none");
    }

    @Test
    void should_answer_500_with_the_dead_servers_exit_reason_for_an_error_command() {
        assertThat(error(scripted("[\"error\",\"not_found\",\"missing\"]")))
                .isEqualTo("{bad_return_value,{not_found,<<\"missing\">>}}");
    }

    @Test
    void should_answer_500_for_a_handler_that_writes_garbage_and_serve_the_next_request_from_a_new_process() {
        endpoint.config().set(ConfiguredHandlers.DB, "_garbage", "{couch_httpd_external, handle_external_req, <<\"garbage\">>}");
        endpoint.config().set("external", "garbage", JavaCommand.of(GarbageExternal.class));
        long before = echo().path("pid").asLong();

        TestClient.Reply reply = admin.get("/" + DB + "/_garbage");

        assertThat(reply.status()).isEqualTo(500);
        assertThat(reply.body().path("error").asText()).isEqualTo("{bad_return_value,{parse_error,bad_token}}");
        JsonNode after = echo();
        assertThat(after.path("pid").asLong()).isNotEqualTo(before);
        assertThat(after.path("count").asInt()).isEqualTo(1);
    }

    @Test
    void should_answer_500_with_the_exit_status_of_a_handler_that_exits() {
        endpoint.config().set(ConfiguredHandlers.DB, "_exits", "{couch_httpd_external, handle_external_req, <<\"exits\">>}");
        endpoint.config().set("external", "exits", JavaCommand.of(ExitingExternal.class, "7"));

        TestClient.Reply reply = admin.get("/" + DB + "/_exits");

        assertThat(reply.status()).isEqualTo(500);
        assertThat(reply.body().path("error").asText())
                .isEqualTo("{bad_return_value,{os_process_error,{exit_status,7}}}");
    }

    @Test
    void should_start_a_new_process_after_one_exited_between_requests() throws Exception {
        HttpResponse<byte[]> last = admin.raw("GET", "/" + DB + "/_echo?exit=0", Map.of(), null);
        long exited = json(last).path("pid").asLong();
        assertThat(Processes.gone(exited)).isTrue();

        JsonNode next = echo();

        assertThat(next.path("pid").asLong()).isNotEqualTo(exited);
    }

    @Test
    void should_answer_500_after_os_process_timeout_and_kill_the_handlers_process_tree() throws Exception {
        endpoint.config().set(ConfiguredHandlers.DB, "_hangs", "{couch_httpd_external, handle_external_req, <<\"hangs\">>}");
        endpoint.config().set("external", "hangs", JavaCommand.of(HangingExternal.class));
        JsonNode first = json(admin.raw("GET", "/" + DB + "/_hangs", Map.of(), null));

        endpoint.config().set("couchdb", "os_process_timeout", "300");
        TestClient.Reply reply = admin.get("/" + DB + "/_hangs");

        assertThat(reply.status()).isEqualTo(500);
        assertThat(reply.body().path("error").asText())
                .isEqualTo("{bad_return_value,{os_process_error,\"OS process timed out.\"}}");
        assertThat(Processes.gone(first.path("pid").asLong())).isTrue();
        assertThat(Processes.gone(first.path("child").asLong())).isTrue();
    }

    @Test
    void should_stop_every_handler_process_when_the_endpoint_closes() throws Exception {
        ReferenceEndpoint own = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults());
        TestClient client = TestClient.admin(own);
        client.put("/" + DB, null);
        own.config().set("couchdb", "os_process_timeout", "60000");
        own.config().set(ConfiguredHandlers.DB, "_echo", "{couch_httpd_external, handle_external_req, <<\"echo\">>}");
        own.config().set("external", "echo", ECHO);
        long pid = json(client.raw("GET", "/" + DB + "/_echo", Map.of(), null)).path("pid").asLong();

        own.close();

        assertThat(Processes.gone(pid)).isTrue();
    }

    private static JsonNode echo() {
        HttpResponse<byte[]> response = admin.raw("GET", "/" + DB + "/_echo", Map.of(), null);
        assertThat(response.statusCode()).isEqualTo(200);
        return json(response);
    }

    /** The scripted handler answers with the request's body: {@code replyLines} is what it writes. */
    private static HttpResponse<byte[]> scripted(String replyLines) {
        return admin.raw("POST", "/" + DB + "/_scripted", Map.of("Content-Type", "text/plain"), bytes(replyLines));
    }

    private static void assertError(HttpResponse<byte[]> response, int status, String error, String reason) {
        assertThat(response.statusCode()).isEqualTo(status);
        assertThatJson(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(
                Json.write(Json.error(error, reason)));
    }

    private static String error(HttpResponse<byte[]> response) {
        assertThat(response.statusCode()).isEqualTo(500);
        return json(response).path("error").asText();
    }

    private static JsonNode json(HttpResponse<byte[]> response) {
        try {
            return TestClient.JSON.readTree(response.body());
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + new String(response.body(), StandardCharsets.UTF_8), e);
        }
    }

    private static String text(HttpResponse<byte[]> response) {
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    private static List<String> fieldNames(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
