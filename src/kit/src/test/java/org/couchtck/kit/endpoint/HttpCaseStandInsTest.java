package org.couchtck.kit.endpoint;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.delete;
import static com.github.tomakehurst.wiremock.client.WireMock.deleteRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.endpoint.HttpFixtures.httpCase;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.endpoint.externals.IniFile;
import org.couchtck.kit.endpoint.externals.KitBackend;
import org.couchtck.kit.wire.TranscriptEntry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The executor's parts for the Externals API cases: cleanup requests, requests to the kit's backend and to the ini of
 * the endpoint, the variables, chunked requests, and cases that are NA where a feature is absent. WireMock plays the
 * endpoint, a {@link KitBackend} the backend.
 */
@Timeout(60)
class HttpCaseStandInsTest {

    private static WireMockServer couchdb;
    private static KitBackend backend;
    private static HttpEndpoint backendClient;

    @TempDir
    Path folder;

    private HttpEndpoint endpoint;
    private IniFile ini;
    private HttpCaseExecutor executor;

    @BeforeAll
    static void start() {
        couchdb = new WireMockServer(options().dynamicPort());
        couchdb.start();
        backend = KitBackend.start(0);
        backendClient = HttpEndpoint.of(backend.uri(), Duration.ofSeconds(5));
    }

    @AfterAll
    static void stop() {
        backendClient.close();
        backend.close();
        couchdb.stop();
    }

    @BeforeEach
    void endpoint() throws IOException {
        couchdb.resetAll();
        couchdb.stubFor(put(anyUrl()).atPriority(10).willReturn(aResponse().withStatus(201).withBody("{\"ok\":true}")));
        couchdb.stubFor(delete(anyUrl()).atPriority(10).willReturn(aResponse().withStatus(404)));
        endpoint = HttpEndpoint.of(URI.create("http://admin:secret@localhost:" + couchdb.port()),
                Duration.ofSeconds(5));
        ini = IniFile.write(folder.resolve("t.ini"), Map.of("os_daemons", Map.of("a", "b")));
        executor = new HttpCaseExecutor(endpoint, HttpRunSettings.of("t").withRequestTimeout(Duration.ofSeconds(5))
                .withExternals(externals(Map.of())));
    }

    @AfterEach
    void close() {
        endpoint.close();
    }

    private Externals externals(Map<String, String> absent) {
        Map<String, String> variables = new LinkedHashMap<>();
        Externals.VARIABLES.forEach(name -> variables.put(name, "prog-" + name));
        variables.put(Externals.BACKEND_URL, backend.uri().toString());
        return new Externals(absent, Optional.of(backendClient::send), Optional.of(ini), variables);
    }

    private static String transcript(CaseResult result) {
        return result.transcript().stream().map(TranscriptEntry::text).collect(Collectors.joining("\n---\n"));
    }

    @Test
    void should_send_the_cleanup_after_a_failed_step_and_judge_only_the_steps() {
        // given
        couchdb.stubFor(put(urlPathEqualTo("/_node/_local/_config/os_daemons/couchtck-t-1-key"))
                .willReturn(aResponse().withStatus(200).withBody("\"\"")));

        // when
        CaseResult result = executor.run(httpCase("""
                {"id": "http.t.cleanup", "level": "MUST", "description": "d", "databases": [], "names": ["key"],
                 "steps": [{"request": {"method": "PUT", "path": "/_node/_local/_config/os_daemons/{{key}}",
                                        "body": "x"}, "expect": {"status": 403}},
                           {"request": {"path": "/never"}}],
                 "cleanup": [{"request": {"method": "DELETE", "path": "/_node/_local/_config/os_daemons/{{key}}"}},
                             {"request": {"method": "DELETE", "path": "/_node/_local/_config/query_servers/{{key}}"}}]}
                """));

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith("step 0 (PUT /_node/_local/_config/os_daemons/{{key}}): status");
        couchdb.verify(deleteRequestedFor(urlPathEqualTo("/_node/_local/_config/os_daemons/couchtck-t-1-key")));
        couchdb.verify(deleteRequestedFor(urlPathEqualTo("/_node/_local/_config/query_servers/couchtck-t-1-key")));
        couchdb.verify(0, com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor(urlPathEqualTo("/never")));
        assertThat(transcript(result)).contains("DELETE /_node/_local/_config/query_servers/couchtck-t-1-key");
    }

    @Test
    void should_be_not_applicable_with_the_reason_when_a_feature_of_the_externals_is_absent() {
        // given
        executor = new HttpCaseExecutor(endpoint, HttpRunSettings.of("t").withExternals(externals(
                Map.of(Externals.PROXY, "the endpoint has no _couchtck_proxy in [httpd_global_handlers]"))));

        // when
        CaseResult result = executor.run(httpCase("""
                {"id": "http.t.proxy", "level": "MUST", "description": "d", "capabilities": ["externals.proxy"],
                 "steps": [{"request": {"path": "/_couchtck_proxy/"}}]}
                """));

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.NA);
        assertThat(result.message()).isEqualTo("needs externals.proxy: the endpoint has no _couchtck_proxy in "
                + "[httpd_global_handlers]");
        assertThat(couchdb.getAllServeEvents()).isEmpty();
    }

    @Test
    void should_not_apply_cases_of_the_externals_when_the_run_set_none_up() {
        // given
        executor = new HttpCaseExecutor(endpoint, HttpRunSettings.of("t"));

        // when
        CaseResult result = executor.run(httpCase("""
                {"id": "http.t.daemon", "level": "MUST", "description": "d", "capabilities": ["externals.daemons"],
                 "steps": [{"request": {"path": "/_couchtck_daemon/"}}]}
                """));

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.NA);
        assertThat(result.message()).isEqualTo("needs externals.daemons: " + HttpRunSettings.NO_EXTERNALS);
    }

    @Test
    void should_send_requests_to_the_backend_without_the_endpoints_credentials_and_with_the_variables_bound() {
        // when
        CaseResult result = executor.run(httpCase("""
                {"id": "http.t.backend", "level": "MUST", "description": "d", "databases": [],
                 "capabilities": ["externals.backend"],
                 "steps": [{"request": {"method": "POST", "path": "/couchtck/boots/x", "to": "backend",
                                        "body": {"cmd": "{{program_boot_reporter}} {{backend}}"}}},
                           {"request": {"method": "POST", "path": "/__admin/requests/count", "to": "backend",
                                        "body": {"method": "POST", "url": "/couchtck/boots/x"}},
                            "expect": {"status": 200, "body": {"$fields": {"count": 1}}}}]}
                """));

        // then
        assertThat(result.verdict()).as(result.message() + "\n" + transcript(result)).isEqualTo(Verdict.PASS);
        LoggedRequest boot = backend.received().stream().filter(r -> r.getUrl().equals("/couchtck/boots/x"))
                .findFirst().orElseThrow();
        assertThat(boot.getHeader("Authorization")).isNull();
        assertThat(boot.getBodyAsString()).isEqualTo("{\"cmd\":\"prog-program_boot_reporter " + backend.uri()
                + "\"}");
        assertThat(couchdb.getAllServeEvents()).isEmpty();
        assertThat(transcript(result)).contains("(to backend) POST /couchtck/boots/x");
    }

    @Test
    void should_set_and_delete_values_of_the_ini_and_answer_with_the_old_value() throws IOException {
        // when
        CaseResult result = executor.run(httpCase("""
                {"id": "http.t.ini", "level": "MUST", "description": "d", "databases": [],
                 "capabilities": ["externals.ini"],
                 "steps": [{"request": {"method": "PUT", "path": "/os_daemons/late", "to": "ini", "body": "cmd 1"},
                            "expect": {"status": 200, "body": ""}},
                           {"request": {"method": "PUT", "path": "/os_daemons/late", "to": "ini", "body": "cmd 2"},
                            "expect": {"status": 200, "body": "cmd 1"}},
                           {"request": {"method": "DELETE", "path": "/os_daemons/a", "to": "ini"},
                            "expect": {"status": 200, "body": "b"}},
                           {"request": {"method": "DELETE", "path": "/os_daemons/a", "to": "ini"},
                            "expect": {"status": 404}}]}
                """));

        // then
        assertThat(result.verdict()).as(result.message() + "\n" + transcript(result)).isEqualTo(Verdict.PASS);
        assertThat(Files.readString(ini.path())).contains("[os_daemons]\nlate = cmd 2\n").doesNotContain("a = b");
        assertThat(ini.get("os_daemons", "late")).contains("cmd 2");
    }

    @Test
    void should_send_a_chunked_body_in_chunks_without_a_content_length() {
        // given
        couchdb.stubFor(post("/chunks").willReturn(aResponse().withStatus(200)));

        // when
        CaseResult result = executor.run(httpCase("""
                {"id": "http.t.chunked", "level": "MUST", "description": "d", "databases": [],
                 "steps": [{"request": {"method": "POST", "path": "/chunks", "bodyText": "foobarbazinga",
                                        "chunked": true}, "expect": {"status": 200}}]}
                """));

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        List<LoggedRequest> sent = couchdb.findAll(postRequestedFor(urlPathEqualTo("/chunks")));
        assertThat(sent).singleElement().satisfies(r -> {
            assertThat(r.getHeader("Transfer-Encoding")).isEqualTo("chunked");
            assertThat(r.containsHeader("Content-Length")).isFalse();
            assertThat(r.getBodyAsString()).isEqualTo("foobarbazinga");
        });
        assertThat(transcript(result)).contains("Transfer-Encoding: chunked");
    }
}
