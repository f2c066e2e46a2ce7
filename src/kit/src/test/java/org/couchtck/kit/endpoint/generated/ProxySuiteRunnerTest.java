package org.couchtck.kit.endpoint.generated;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.extension.ResponseTransformerV2;
import com.github.tomakehurst.wiremock.http.HttpHeader;
import com.github.tomakehurst.wiremock.http.HttpHeaders;
import com.github.tomakehurst.wiremock.http.Response;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.endpoint.Externals;
import org.couchtck.kit.endpoint.HttpEndpoint;
import org.couchtck.kit.endpoint.externals.ExternalsSetup;
import org.couchtck.kit.endpoint.externals.KitBackend;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.wire.TranscriptEntry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The generated proxy case against WireMock playing an endpoint whose {@code /_couchtck_proxy} forwards to the kit's
 * backend: unchanged it passes; a proxy that drops a header the backend sent, or one that changes a status, fails with
 * a shrunk example and the replay line. Where the run has no proxy the case is NA.
 */
@Timeout(120)
class ProxySuiteRunnerTest {

    private static final long SEED = 11;
    private static final GenerationBudget BUDGET = new GenerationBudget(3, Duration.ofSeconds(20), 200,
            Duration.ofSeconds(30));

    private static ExternalsSetup setup;
    private static WireMockServer proxy;

    private HttpEndpoint endpoint;

    @BeforeAll
    static void start() throws Exception {
        setup = ExternalsSetup.forStartedEndpoint(Duration.ofSeconds(5));
        proxy = new WireMockServer(options().dynamicPort().extensions(new DropHeader(), new ChangeStatus()));
        proxy.start();
    }

    @AfterAll
    static void stop() {
        proxy.stop();
        setup.close();
    }

    @BeforeEach
    void transparent() {
        proxy.resetAll();
        endpoint = HttpEndpoint.of(URI.create("http://admin:admin@localhost:" + proxy.port()), Duration.ofSeconds(5));
    }

    @AfterEach
    void close() {
        endpoint.close();
    }

    /** The stub that forwards the proxy's requests to the backend, with {@code transformer} applied, if any. */
    private static void forward(String... transformers) {
        KitBackend backend = setup.backend().orElseThrow();
        proxy.stubFor(any(urlPathMatching("/_couchtck_proxy.*")).willReturn(aResponse()
                .proxiedFrom(backend.uri().toString()).withProxyUrlPrefixToRemove("/_couchtck_proxy")
                .withTransformers(transformers)));
    }

    private CaseResult run() {
        return new ProxySuiteRunner(endpoint, setup.externals(), Duration.ofSeconds(10), SEED, BUDGET, "")
                .run(ProxySuites.find(ProxySuites.TRANSPARENCY).orElseThrow());
    }

    private static String transcript(CaseResult result) {
        return result.transcript().stream().map(TranscriptEntry::text).collect(Collectors.joining("\n---\n"));
    }

    @Test
    void should_pass_when_the_proxy_forwards_everything_unchanged() {
        // given
        forward();

        // when
        CaseResult result = run();

        // then
        assertThat(result.verdict()).as(result.message() + "\n" + transcript(result)).isEqualTo(Verdict.PASS);
        assertThat(result.seed()).hasValue(SEED);
        assertThat(transcript(result)).contains("seed 11: 30 generated examples").contains("the backend received: ")
                .doesNotContain("Authorization").doesNotContain("YWRtaW46YWRtaW4=");
    }

    @Test
    void should_fail_with_a_shrunk_example_when_the_proxy_drops_a_header_the_backend_sent() {
        // given
        forward(DropHeader.NAME);

        // when
        CaseResult result = run();

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).containsPattern("exchange 1 \\([A-Z]+ /_couchtck_proxy[^)]*\\): the reply's "
                + "header X-Couchtck-R1 is missing where the backend sent ")
                .contains("shrunk from").contains("reproduce: couchtck replay http.generated-proxy.transparency "
                        + "--seed 11");
        assertThat(SuiteRunnerFixture.shrunk(result, "exchanges")[1]).isEqualTo(1);
    }

    @Test
    void should_fail_when_the_proxy_answers_another_status_than_the_backends() {
        // given
        forward(ChangeStatus.NAME);

        // when
        CaseResult result = run();

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).contains("the reply's status is 500 where the backend answered 418");
    }

    @Test
    void should_not_apply_where_the_endpoint_has_no_proxy_of_the_kits() {
        // given
        Externals none = Externals.none("the endpoint has no _couchtck_proxy in [httpd_global_handlers]");

        // when
        CaseResult result = new ProxySuiteRunner(endpoint, none, Duration.ofSeconds(10), SEED, BUDGET, "")
                .run(ProxySuites.find(ProxySuites.TRANSPARENCY).orElseThrow());

        // then
        assertThat(result.verdict()).isEqualTo(Verdict.NA);
        assertThat(result.message()).isEqualTo("needs externals.proxy: the endpoint has no _couchtck_proxy in "
                + "[httpd_global_handlers]");
        assertThat(proxy.getAllServeEvents()).isEmpty();
    }

    /** A proxy that loses the backend's header {@code X-Couchtck-R1}. */
    static final class DropHeader implements ResponseTransformerV2 {
        static final String NAME = "drop-r1";

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            HttpHeaders kept = new HttpHeaders(response.getHeaders().all().stream()
                    .filter(h -> !h.keyEquals("X-Couchtck-R1")).toList());
            return Response.Builder.like(response).but().headers(kept).build();
        }

        @Override
        public boolean applyGlobally() {
            return false;
        }

        @Override
        public String getName() {
            return NAME;
        }
    }

    /** A proxy that turns the backend's 418 into a 500. */
    static final class ChangeStatus implements ResponseTransformerV2 {
        static final String NAME = "418-to-500";

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            return response.getStatus() == 418 ? Response.Builder.like(response).but().status(500).build() : response;
        }

        @Override
        public boolean applyGlobally() {
            return false;
        }

        @Override
        public String getName() {
            return NAME;
        }
    }
}
