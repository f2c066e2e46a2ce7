package org.couchtck.kit.endpoint.externals;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.couchtck.kit.endpoint.Externals;
import org.couchtck.kit.endpoint.HttpEndpoint;
import org.couchtck.kit.wire.WireJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The probe against WireMock playing a CouchDB 3.5.2 (sections empty), a configured 2.2 and a 1.x. */
@Timeout(30)
class ExternalsProbeTest {

    private static WireMockServer couchdb;
    private HttpEndpoint endpoint;

    @BeforeAll
    static void start() {
        couchdb = new WireMockServer(options().dynamicPort());
        couchdb.start();
    }

    @AfterAll
    static void stop() {
        couchdb.stop();
    }

    @BeforeEach
    void endpoint() {
        couchdb.resetAll();
        couchdb.stubFor(get(anyUrl()).atPriority(10).willReturn(aResponse().withStatus(404)
                .withBody("{\"error\":\"not_found\",\"reason\":\"missing\"}")));
        endpoint = HttpEndpoint.of(URI.create("http://admin:admin@localhost:" + couchdb.port()), Duration.ofSeconds(5));
    }

    @AfterEach
    void close() {
        endpoint.close();
    }

    private static void configure(String prefix, Map<String, Map<String, String>> sections) {
        for (String section : ExternalsProbe.SECTIONS) {
            couchdb.stubFor(get(prefix + section).willReturn(aResponse().withStatus(200).withBody(
                    WireJson.write(WireJson.mapper().valueToTree(sections.getOrDefault(section, Map.of()))))));
        }
    }

    private ExternalsProbe.Found probe() throws InterruptedException {
        return new ExternalsProbe(endpoint, Duration.ofSeconds(5)).probe();
    }

    @Test
    void should_find_nothing_and_say_couchdb_3_removed_it_when_the_sections_are_empty() throws Exception {
        // given
        configure("/_node/_local/_config/", Map.of());

        // when
        ExternalsProbe.Found found = probe();

        // then
        assertThat(found.backend()).isEmpty();
        assertThat(found.absent()).containsOnlyKeys(Externals.FEATURES);
        assertThat(found.absent().get(Externals.PROXY)).isEqualTo("the endpoint has no _couchtck_proxy in "
                + "[httpd_global_handlers] (CouchDB 3.0 removed the proxy, OS daemons and _external handlers; "
                + "configure a CouchDB 2.2 or earlier with `couchtck externals-ini`)");
        assertThat(found.absent().get(Externals.DAEMONS)).startsWith("the endpoint has no _couchtck_daemon in "
                + "[httpd_global_handlers]");
        assertThat(found.absent().get(Externals.EXTERNAL)).startsWith("the endpoint has no _couchtck_external in "
                + "[httpd_db_handlers]");
        assertThat(found.absent().get(Externals.INI)).startsWith("the kit did not start this endpoint");
    }

    @Test
    void should_find_everything_and_the_backend_where_a_couchdb_2_is_configured_as_the_kit_says() throws Exception {
        // given
        configure("/_node/_local/_config/", new ExternalsConfig(URI.create("http://127.0.0.1:6001"), 6002, 0, 6003)
                .sections(false));

        // when
        ExternalsProbe.Found found = probe();

        // then
        assertThat(found.backend()).contains(URI.create("http://127.0.0.1:6001"));
        assertThat(found.absent()).containsOnlyKeys(Externals.INI);
    }

    private static void welcome(String version) {
        couchdb.stubFor(get("/").willReturn(aResponse().withStatus(200).withBody("{\"couchdb\":\"Welcome\","
                + "\"version\":\"" + version + "\"}")));
    }

    @Test
    void should_not_judge_external_handlers_through_a_couchdb_whose_own_external_server_breaks_them()
            throws Exception {
        // given: a CouchDB 2.2.0 configured as the kit says
        configure("/_node/_local/_config/", new ExternalsConfig(URI.create("http://127.0.0.1:6001"), 6002, 0, 6003)
                .sections(false));
        welcome("2.2.0");

        // when
        ExternalsProbe.Found found = probe();

        // then: the proxy and the daemons are there to judge, _external is not
        assertThat(found.absent()).containsOnlyKeys(Externals.EXTERNAL, Externals.INI);
        assertThat(found.absent().get(Externals.EXTERNAL)).startsWith("the endpoint is CouchDB 2.2.0, whose "
                + "couch_external_server crashes on a handler's second request");
    }

    @Test
    void should_judge_external_handlers_through_a_couchdb_1_whose_welcome_says_so() throws Exception {
        // given
        configure("/_config/", new ExternalsConfig(URI.create("http://127.0.0.1:6001"), 6002, 0, 6003)
                .sections(false));
        welcome("1.7.2");

        // when
        ExternalsProbe.Found found = probe();

        // then
        assertThat(found.absent()).containsOnlyKeys(Externals.INI);
    }

    @Test
    void should_read_a_version_with_a_suffix_in_the_welcome() throws Exception {
        // given
        configure("/_node/_local/_config/", new ExternalsConfig(URI.create("http://127.0.0.1:6001"), 6002, 0, 6003)
                .sections(false));
        welcome("2.3.1-a1b2c3");

        // when
        ExternalsProbe.Found found = probe();

        // then
        assertThat(found.absent()).containsKey(Externals.EXTERNAL);
    }

    @Test
    void should_read_the_config_of_couchdb_1_and_name_what_one_section_lacks() throws Exception {
        // given
        Map<String, Map<String, String>> sections = new java.util.LinkedHashMap<>(new ExternalsConfig(
                URI.create("http://localhost:6001/"), 6002, 0, 6003).sections(false));
        sections.put("external", Map.of());
        configure("/_config/", sections);

        // when
        ExternalsProbe.Found found = probe();

        // then
        assertThat(found.backend()).contains(URI.create("http://localhost:6001"));
        assertThat(found.absent()).containsOnlyKeys(Externals.EXTERNAL, Externals.INI);
        assertThat(found.absent().get(Externals.EXTERNAL)).startsWith("the endpoint has no couchtck_external in "
                + "[external]");
    }

    @Test
    void should_find_nothing_and_say_why_when_the_configuration_cannot_be_read() throws Exception {
        // given: every GET answers 404

        // when
        ExternalsProbe.Found found = probe();

        // then
        assertThat(found.absent()).containsOnlyKeys(Externals.FEATURES);
        assertThat(found.absent().get(Externals.PROXY)).isEqualTo("the endpoint's configuration could not be read: "
                + "neither GET /_node/_local/_config/httpd_global_handlers nor GET /_config/httpd_global_handlers "
                + "answered 200 with an object (the kit reads it as the admin)");
    }
}
