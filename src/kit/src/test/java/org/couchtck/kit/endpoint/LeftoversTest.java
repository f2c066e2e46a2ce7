package org.couchtck.kit.endpoint;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.delete;
import static com.github.tomakehurst.wiremock.client.WireMock.deleteRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LeftoversTest {

    private static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");

    private WireMockServer server;
    private HttpEndpoint endpoint;

    @BeforeEach
    void start() {
        server = new WireMockServer(options().dynamicPort());
        server.start();
        server.stubFor(delete(anyUrl()).willReturn(aResponse().withStatus(200).withBody("{\"ok\":true}")));
        endpoint = HttpEndpoint.of(URI.create("http://admin:secret@localhost:" + server.port()), Duration.ofSeconds(5));
    }

    @AfterEach
    void stop() {
        endpoint.close();
        server.stop();
    }

    @Test
    void a_run_id_starts_with_its_start_time_and_ends_with_two_random_digits() {
        assertThat(Leftovers.runId(NOW, 5)).isEqualTo(Long.toString(NOW.toEpochMilli(), 36) + "05");
        assertThat(Leftovers.runId(NOW, -1)).hasSize(Long.toString(NOW.toEpochMilli(), 36).length() + 2);
    }

    @Test
    void deletes_databases_and_users_of_runs_older_than_an_hour_and_the_fixed_users_of_older_kits() throws Exception {
        // given
        String old = "couchtck-" + Leftovers.runId(NOW.minus(Duration.ofHours(3)), 7);
        String young = "couchtck-" + Leftovers.runId(NOW.minus(Duration.ofMinutes(10)), 7);
        server.stubFor(get("/_all_dbs").willReturn(aResponse().withStatus(200).withBody("[\"_users\",\"" + old
                + "-12-db\",\"" + old + "-gen-3\",\"" + young + "-4-db\",\"couchtck-mine\",\"mine\"]")));
        server.stubFor(get(urlPathEqualTo("/_users/_all_docs")).willReturn(aResponse().withStatus(200).withBody(
                "{\"rows\":[" + row(old + "-2-user", "1-a") + "," + row(young + "-2-user", "1-b") + ","
                        + row("couchtck_databases_security", "2-c") + "," + row("couchtck-unknown-1f", "1-d") + "]}")));

        // when
        List<String> deleted = new Leftovers(endpoint, Duration.ofSeconds(5)).sweep(NOW);

        // then
        assertThat(deleted).containsExactly("database " + old + "-12-db", "database " + old + "-gen-3",
                "user " + old + "-2-user", "user couchtck_databases_security");
        server.verify(deleteRequestedFor(urlEqualTo("/" + old + "-12-db")));
        server.verify(deleteRequestedFor(urlEqualTo("/_users/org.couchdb.user%3A" + old + "-2-user?rev=1-a")));
        server.verify(deleteRequestedFor(urlEqualTo("/_users/org.couchdb.user%3Acouchtck_databases_security?rev=2-c")));
        server.verify(4, deleteRequestedFor(anyUrl()));
    }

    @Test
    void theEndOfARunDeletesEverythingOfItsOwnHoweverYoungAndNothingOfOtherRuns() throws Exception {
        // given: what a run made, the illegal names a wrong server took among it, and another run's
        String runId = Leftovers.runId(NOW.minus(Duration.ofMinutes(2)), 9);
        String mine = "couchtck-" + runId;
        String other = "couchtck-" + Leftovers.runId(NOW.minus(Duration.ofMinutes(2)), 10);
        server.stubFor(get("/_all_dbs").willReturn(aResponse().withStatus(200).withBody("[\"_users\",\"" + mine
                + "-12-db\",\"_" + mine + "-3-db\",\"" + mine + "-3-db-Upper\",\"" + other + "-1-db\"]")));
        server.stubFor(get(urlPathEqualTo("/_users/_all_docs")).willReturn(aResponse().withStatus(200).withBody(
                "{\"rows\":[" + row(mine + "-2-user", "1-a") + "," + row(other + "-2-user", "1-b") + "]}")));

        // when
        List<String> deleted = new Leftovers(endpoint, Duration.ofSeconds(5)).sweepRun(runId);

        // then
        assertThat(deleted).containsExactly("database " + mine + "-12-db", "database _" + mine + "-3-db",
                "database " + mine + "-3-db-Upper", "user " + mine + "-2-user");
        server.verify(deleteRequestedFor(urlEqualTo("/_" + mine + "-3-db")));
        server.verify(4, deleteRequestedFor(anyUrl()));
    }

    @Test
    void a_server_that_refuses_costs_nothing_but_the_sweep() throws Exception {
        // given
        server.stubFor(any(anyUrl()).atPriority(1).willReturn(aResponse().withStatus(500).withBody("{}")));

        // when, then
        assertThat(new Leftovers(endpoint, Duration.ofSeconds(5)).sweep(NOW)).isEmpty();
    }

    private static String row(String name, String rev) {
        return "{\"id\":\"org.couchdb.user:" + name + "\",\"key\":\"org.couchdb.user:" + name + "\",\"value\":{\"rev\":\""
                + rev + "\"}}";
    }
}
