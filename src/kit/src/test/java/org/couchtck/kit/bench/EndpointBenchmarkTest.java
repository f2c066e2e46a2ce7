package org.couchtck.kit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import org.couchtck.reference.endpoint.ReferenceEndpoint;
import org.junit.jupiter.api.Test;

/** The writes workload measures something real: every write counted and delivered; a dead endpoint is a clear error. */
class EndpointBenchmarkTest {

    @Test
    void should_measure_writes_and_their_delivery_on_the_reference_endpoint() {
        try (ReferenceEndpoint endpoint = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults())) {
            EndpointBenchmark bench = new EndpointBenchmark(endpoint.uri(), "Basic YWRtaW46YWRtaW4=",
                    new EndpointBenchmark.Options(60, 10, 2, 7, Duration.ofSeconds(30)));

            EndpointBenchmark.Result result = bench.run(3);

            assertThat(result.docsPerSecond()).hasSize(2).allSatisfy(rate -> assertThat(rate).isPositive());
            assertThat(result.failedWrites()).isZero();
            assertThat(result.delivery().maxMicros()).isGreaterThanOrEqualTo(result.delivery().p50Micros());
            assertThat(result.describe()).contains("3 writers").contains("feed delivery p50");
            assertThat(endpoint.uri()).isNotNull();
        }
    }

    @Test
    void should_fail_clearly_when_nothing_listens() {
        EndpointBenchmark bench = new EndpointBenchmark(URI.create("http://127.0.0.1:9"), null,
                new EndpointBenchmark.Options(10, 0, 1, 1, Duration.ofSeconds(5)));

        assertThatThrownBy(() -> bench.run(1)).isInstanceOf(EndpointBenchmark.BenchException.class)
                .hasMessageContaining("PUT");
    }
}
