package org.couchtck.reference.endpoint;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.couchtck.reference.config.IniFile;
import org.couchtck.reference.config.IniValues;
import org.couchtck.reference.log.RecordingLog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The node's configuration: its layers, its change notices, and {@code /_node/_local/_config} over HTTP. */
class NodeConfigTest {

    private static final String FORBIDDEN =
            "{\"error\":\"forbidden\",\"reason\":\"Config section blacklisted for modification over HTTP API.\"}";

    private static final String INI = """
            [query_servers]
            python = /usr/bin/couchpy
            [couchtck]
            from_ini = yes
            edited = %s
            kept = v1
            """;

    @TempDir
    static Path dir;
    private static ReferenceEndpoint endpoint;
    private static TestClient admin;

    @BeforeAll
    static void start() throws IOException {
        Path ini = Files.writeString(dir.resolve("local.ini"), INI.formatted("v1"));
        endpoint = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults().withIniFiles(List.of(ini))
                .withLog(new RecordingLog()));
        admin = TestClient.admin(endpoint);
    }

    @AfterAll
    static void stop() {
        endpoint.close();
    }

    private static IniValues ini(String text) {
        return IniValues.of(List.of(IniFile.parse(text)));
    }

    @Test
    void should_refuse_put_and_delete_on_every_blacklisted_section_with_403() {
        for (String section : List.of("daemons", "external", "httpd_design_handlers", "httpd_db_handlers",
                "httpd_global_handlers", "native_query_servers", "os_daemons", "query_servers", "feature_flags")) {
            TestClient.Reply put = admin.put("/_node/_local/_config/" + section + "/anything", "\"/bin/true\"");
            TestClient.Reply delete = admin.delete("/_node/_local/_config/" + section + "/anything");

            assertThat(put.status()).as(section).isEqualTo(403);
            assertThatJson(put.body()).isEqualTo(FORBIDDEN);
            assertThat(delete.status()).as(section).isEqualTo(403);
            assertThatJson(delete.body()).isEqualTo(FORBIDDEN);
        }
    }

    @Test
    void should_refuse_a_blacklisted_put_before_reading_its_body() {
        TestClient.Reply reply = admin.send("PUT", "/_node/_local/_config/os_daemons/x", "this is not JSON");

        assertThat(reply.status()).isEqualTo(403);
        assertThatJson(reply.body()).isEqualTo(FORBIDDEN);
    }

    @Test
    void should_ask_a_non_admin_for_credentials_before_looking_at_the_section() {
        TestClient anonymous = new TestClient(endpoint.uri(), null, null);

        TestClient.Reply reply = anonymous.put("/_node/_local/_config/os_daemons/x", "\"/bin/true\"");

        assertThat(reply.status()).isEqualTo(401);
        assertThatJson(reply.body()).isEqualTo("{\"error\":\"unauthorized\",\"reason\":\"You are not a server admin.\"}");
    }

    @Test
    void should_answer_405_to_another_method_on_a_blacklisted_key() {
        TestClient.Reply reply = admin.send("POST", "/_node/_local/_config/os_daemons/x", "\"/bin/true\"");

        assertThat(reply.status()).isEqualTo(405);
    }

    @Test
    void should_still_show_a_blacklisted_section_as_the_ini_set_it() {
        TestClient.Reply section = admin.get("/_node/_local/_config/query_servers");
        TestClient.Reply key = admin.get("/_node/_local/_config/query_servers/python");

        assertThatJson(section.body()).isEqualTo("{\"python\":\"/usr/bin/couchpy\"}");
        assertThatJson(key.body()).isEqualTo("\"/usr/bin/couchpy\"");
    }

    @Test
    void should_set_and_delete_keys_of_other_sections_over_http_over_the_ini_values() {
        TestClient.Reply put = admin.put("/_node/_local/_config/couchtck/from_ini", "\"from http\"");
        TestClient.Reply afterPut = admin.get("/_node/_local/_config/couchtck/from_ini");
        TestClient.Reply delete = admin.delete("/_node/_local/_config/couchtck/from_ini");
        TestClient.Reply afterDelete = admin.get("/_node/_local/_config/couchtck/from_ini");

        assertThat(put.status()).isEqualTo(200);
        assertThatJson(put.body()).isEqualTo("\"yes\"");
        assertThatJson(afterPut.body()).isEqualTo("\"from http\"");
        assertThatJson(delete.body()).isEqualTo("\"from http\"");
        assertThat(afterDelete.status()).isEqualTo(404);
        assertThat(admin.get("/_node/_local/_config").body().get("couchtck").has("from_ini")).isFalse();
    }

    @Test
    void should_let_an_http_value_win_over_the_files_until_the_files_change_that_key() throws IOException {
        config("couchtck/edited", "\"from http\"");
        config("couchtck/kept", "\"from http\"");

        Files.writeString(dir.resolve("local.ini"), INI.formatted("v2"));
        endpoint.reloadIniFiles();

        assertThatJson(admin.get("/_node/_local/_config/couchtck/edited").body()).isEqualTo("\"v2\"");
        assertThatJson(admin.get("/_node/_local/_config/couchtck/kept").body()).isEqualTo("\"from http\"");
    }

    private static void config(String path, String json) {
        assertThat(admin.put("/_node/_local/_config/" + path, json).status()).isEqualTo(200);
    }

    @Test
    void should_layer_the_endpoints_defaults_under_the_files() {
        NodeConfig config = new NodeConfig();
        config.set("s", "default_only", "d");
        config.set("s", "overridden", "d");

        config.loadFiles(ini("[s]\noverridden = file\n"));

        assertThat(config.values("s")).isEqualTo(Map.of("default_only", "d", "overridden", "file"));
    }

    @Test
    void should_tell_every_listener_of_each_key_whose_value_the_files_changed() {
        NodeConfig config = new NodeConfig();
        List<String> told = new ArrayList<>();
        List<String> watched = new ArrayList<>();
        config.listen((section, key) -> told.add(section + "/" + key));
        config.watch("b", (key, value) -> watched.add(key + "=" + value));
        config.set("a", "default", "1");

        config.loadFiles(ini("[a]\ndefault = 1\nsame = 1\ngone = 1\n[b]\nchanged = 1\n"));
        told.clear();
        watched.clear();
        config.loadFiles(ini("[a]\nsame = 1\n[b]\nchanged = 2\nnew = 1\n"));

        assertThat(told).containsExactly("a/gone", "b/changed", "b/new");
        assertThat(watched).containsExactly("changed=2", "new=1");
        assertThat(config.get("a", "default")).hasValue("1");
    }

    @Test
    void should_tell_the_other_listeners_when_one_cannot_take_a_value() {
        NodeConfig config = new NodeConfig();
        List<String> told = new ArrayList<>();
        config.watch("s", (key, value) -> Long.parseLong(value));
        config.listen((section, key) -> told.add(key));

        assertThatThrownBy(() -> config.loadFiles(ini("[s]\na = not a number\nb = 1\n")))
                .isInstanceOf(NumberFormatException.class);
        assertThat(told).containsExactly("a", "b");
    }
}
