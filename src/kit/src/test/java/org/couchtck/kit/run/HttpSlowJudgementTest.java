package org.couchtck.kit.run;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.cases.Suite;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.reference.endpoint.ReferenceEndpoint;
import org.couchtck.reference.log.CouchLog;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A case that ran out of time is judged again alone with larger bounds. The endpoint is the reference behind a proxy
 * that holds the case's write past the kit's bound: the first time only (a slow moment: the case passes as slow), or
 * every time (a hang: it fails). The bound is 2 s and the holds are 3 s and 60 s, so the first attempt always runs
 * out; the second, unheld, has 8 s for one write.
 */
@Timeout(120)
class HttpSlowJudgementTest {

    private static final CouchLog QUIET = (level, message) -> { };

    private ReferenceEndpoint reference;
    private WireMockServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.stop();
        }
        if (reference != null) {
            reference.close();
        }
    }

    private CaseResult runPutCreateThroughProxy(long holdMillis, boolean everyTime) {
        reference = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults().withLog(QUIET));
        proxy = new WireMockServer(options().dynamicPort().asynchronousResponseEnabled(true));
        proxy.start();
        String target = reference.uri().toString().replaceAll("/$", "");
        proxy.stubFor(any(anyUrl()).atPriority(10).willReturn(aResponse().proxiedFrom(target)));
        if (everyTime) {
            proxy.stubFor(put(urlPathMatching("/couchtck-.*/doc")).atPriority(1)
                    .willReturn(aResponse().proxiedFrom(target).withFixedDelay((int) holdMillis)));
        } else {
            proxy.stubFor(put(urlPathMatching("/couchtck-.*/doc")).atPriority(1).inScenario("slow once")
                    .whenScenarioStateIs(Scenario.STARTED).willSetStateTo("held")
                    .willReturn(aResponse().proxiedFrom(target).withFixedDelay((int) holdMillis)));
        }
        RunConfiguration config = new RunConfiguration(Optional.empty(),
                new TargetProfile("javascript", CouchDbVersion.LATEST, Set.of()), Duration.ofSeconds(1),
                Optional.empty(), new CaseSelection(List.of("http.documents.put-create"), List.of(),
                        EnumSet.allOf(Level.class)), Optional.empty(), Duration.ofSeconds(30),
                EnumSet.of(Suite.HTTP), Optional.empty(), Optional.empty())
                .withEndpoint(Optional.of(proxy.baseUrl()), Optional.of(reference.admin().name() + ":"
                        + reference.admin().password()));
        return ConformanceRunner.run(config, "slow", ConformanceRunner.Progress.NONE).cases().get(0);
    }

    @Test
    void aCaseThatRanOutOfTimeOnceAndPassesWithLargerBoundsPassesAsSlow() {
        CaseResult result = runPutCreateThroughProxy(3_000, false);

        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
        assertThat(result.slow()).isTrue();
        assertThat(result.message()).startsWith("slow here: it passed only when judged again alone with 4× its "
                + "bounds (it took ").contains("; beside the other cases: step 0 (PUT /{{db}}/doc): no reply: no "
                + "response within 2000 ms");
    }

    @Test
    void aCaseThatRunsOutOfTimeAgainWithLargerBoundsFailsAsAHang() {
        CaseResult result = runPutCreateThroughProxy(60_000, true);

        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.slow()).isFalse();
        assertThat(result.message()).startsWith("step 0 (PUT /{{db}}/doc): no reply: no response within 8000 ms")
                .contains("(a hang: judged again alone with 4× its bounds, it ran out of time again; beside the other "
                        + "cases: step 0 (PUT /{{db}}/doc): no reply: no response within 2000 ms");
    }
}
