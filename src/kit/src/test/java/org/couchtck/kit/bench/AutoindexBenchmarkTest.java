package org.couchtck.kit.bench;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import java.net.URI;
import java.time.Duration;
import org.couchtck.reference.endpoint.ReferenceEndpoint;
import org.junit.jupiter.api.Test;

/** The autoindex workload times a real background build, and says so clearly when an index never builds. */
class AutoindexBenchmarkTest {

    @Test
    void should_time_the_reference_kens_background_build_of_every_document() {
        // given
        try (ReferenceEndpoint endpoint = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults())) {
            AutoindexBenchmark bench = new AutoindexBenchmark(endpoint.uri(), "Basic YWRtaW46YWRtaW4=",
                    new AutoindexBenchmark.Options(300, 2, 7, Duration.ofSeconds(30), Duration.ofSeconds(120)));

            // when
            AutoindexBenchmark.Result result = bench.run();

            // then
            assertThat(result.seconds()).hasSize(2).allSatisfy(s -> assertThat(s).isPositive());
            assertThat(result.describe()).contains("300 docs indexed in the background");
        }
    }

    @Test
    void should_fail_clearly_when_the_index_never_builds_without_a_query() {
        // given: an endpoint that accepts every write and never shows a row to update=false
        WireMockServer never = new WireMockServer(WireMockConfiguration.options().dynamicPort());
        never.start();
        try {
            never.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(201).withBody("{\"ok\":true}")));
            never.stubFor(get(urlPathMatching(".*/_view/v")).willReturn(aResponse().withStatus(200)
                    .withBody("{\"total_rows\":0,\"offset\":0,\"rows\":[]}")));
            never.stubFor(com.github.tomakehurst.wiremock.client.WireMock.delete(anyUrl())
                    .willReturn(aResponse().withStatus(200).withBody("{\"ok\":true}")));
            AutoindexBenchmark bench = new AutoindexBenchmark(URI.create(never.baseUrl()), null,
                    new AutoindexBenchmark.Options(10, 1, 1, Duration.ofSeconds(5), Duration.ofMillis(300)));

            // when / then
            assertThatThrownBy(bench::run).isInstanceOf(EndpointBenchmark.BenchException.class)
                    .hasMessageContaining("held 0 of 10 rows").hasMessageContaining("without a query");
        } finally {
            never.stop();
        }
    }
}
