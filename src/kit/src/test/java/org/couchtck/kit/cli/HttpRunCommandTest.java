package org.couchtck.kit.cli;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code couchtck run --suite http} against WireMock: what a locked-out admin and an HTTP-only run look like. */
@Timeout(120)
class HttpRunCommandTest {

    private static final String WELCOME = "{\"couchdb\":\"Welcome\",\"version\":\"3.5.2\"}";
    private static final String LOCKED = "{\"error\":\"forbidden\",\"reason\":\"Account is temporarily locked due to "
            + "multiple authentication failures\"}";

    @TempDir
    Path dir;

    private final CliRun cli = new CliRun();
    private WireMockServer server;

    @BeforeEach
    void start() {
        server = new WireMockServer(options().dynamicPort());
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    private String url() {
        return "http://admin:secret@localhost:" + server.port();
    }

    private static ResponseDefinitionBuilder json(int status, String body) {
        return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(body);
    }

    @Test
    void an_admin_locked_out_before_the_run_exits_3_with_one_line() {
        // given
        server.stubFor(any(anyUrl()).willReturn(json(403, LOCKED)));

        // when
        int status = cli.couchtck("run", "--suite", "http", "--endpoint", url(), "--report-dir", dir.toString(),
                "--no-progress");

        // then
        assertThat(status).isEqualTo(3);
        assertThat(cli.err().strip()).doesNotContain("\n").contains("locked the admin out")
                .contains("Account is temporarily locked due to multiple authentication failures")
                .contains("localhost:" + server.port());
    }

    @Test
    void an_admin_locked_out_during_the_run_exits_3_with_one_line_instead_of_a_list_of_errors() {
        // given: the probe still passes, then every case's first request is refused
        server.stubFor(any(anyUrl()).atPriority(10).willReturn(json(403, LOCKED)));
        server.stubFor(get(urlEqualTo("/")).atPriority(1).willReturn(json(200, WELCOME)));

        // when
        int status = cli.couchtck("run", "--suite", "http", "--endpoint", url(), "--include", "http.documents.*",
                "--no-generated", "--report-dir", dir.toString(), "--no-progress");

        // then
        assertThat(status).isEqualTo(3);
        assertThat(cli.err().strip()).doesNotContain("\n").startsWith("couchtck: the endpoint locked the admin out");
        assertThat(cli.out()).doesNotContain("ERROR  http.documents.");
        assertThat(dir.resolve("results.json")).isRegularFile();
    }

    @Test
    void an_http_only_run_names_the_endpoint_it_ran_against_not_the_reference() throws Exception {
        // given: a server that answers everything wrongly, but answers
        server.stubFor(any(anyUrl()).atPriority(10).willReturn(json(500, "{}")));
        server.stubFor(get(urlEqualTo("/")).atPriority(1).willReturn(json(200, WELCOME)));

        // when
        cli.couchtck("run", "--suite", "http", "--endpoint", url(), "--include", "http.databases.get-missing-404",
                "--no-generated", "--report-dir", dir.toString(), "--no-progress");

        // then
        JsonNode target = new ObjectMapper().readTree(dir.resolve("results.json").toFile()).get("target");
        String name = "http://localhost:" + server.port();
        assertThat(target.get("name").asText()).isEqualTo(name);
        assertThat(target.get("command").asText()).isEqualTo(name);
        // what the kit found the endpoint to be: no _membership, no cluster in a database's info
        assertThat(target.get("endpoint").asText()).isEqualTo(name + " (single node)");
        assertThat(Files.readString(dir.resolve("summary.md"))).contains(name).doesNotContain("— reference");
        assertThat(Files.readString(dir.resolve("summary.md"))).doesNotContain("secret");
    }
}
