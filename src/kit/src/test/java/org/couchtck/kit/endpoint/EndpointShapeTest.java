package org.couchtck.kit.endpoint;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.delete;
import static com.github.tomakehurst.wiremock.client.WireMock.deleteRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class EndpointShapeTest {

    private static final String PROBE = "couchtck-t-0-shape";
    @RegisterExtension
    static final WireMockExtension wireMock = FakeCouchDb.server();
    private HttpEndpoint endpoint;

    @BeforeEach
    void connect() {
        endpoint = FakeCouchDb.endpoint(wireMock);
    }

    @AfterEach
    void close() {
        endpoint.close();
    }

    private static ResponseDefinitionBuilder json(int status, String body) {
        return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(body);
    }

    @Test
    void aClusterWithoutGlobalChangesIsToldWithItsCopiesAndRanges() throws Exception {
        // given: CouchDB 3.5.2's dev/run cluster
        wireMock.stubFor(get("/_membership").willReturn(json(200, "{\"all_nodes\":[\"a\",\"b\",\"c\"],"
                + "\"cluster_nodes\":[\"a\",\"b\",\"c\"]}")));
        wireMock.stubFor(put("/" + PROBE).willReturn(json(201, "{\"ok\":true}")));
        wireMock.stubFor(get("/" + PROBE).willReturn(json(200, "{\"db_name\":\"" + PROBE + "\",\"cluster\":"
                + "{\"q\":2,\"n\":3,\"w\":2,\"r\":2}}")));
        wireMock.stubFor(delete("/" + PROBE).willReturn(json(200, "{\"ok\":true}")));
        wireMock.stubFor(get("/_db_updates?limit=0").willReturn(json(404, "{\"error\":\"not_found\","
                + "\"reason\":\"Database does not exist.\"}")));
        wireMock.stubFor(get("/_global_changes").willReturn(json(404, "{\"error\":\"not_found\","
                + "\"reason\":\"Database does not exist.\"}")));

        // when
        EndpointShape shape = EndpointShape.probe(endpoint, PROBE, Duration.ofSeconds(5));

        // then
        assertThat(shape.isCluster()).isTrue();
        assertThat(shape.describe()).isEqualTo("cluster of 3 nodes, n = 3, q = 2, no _global_changes");
        assertThat(shape.whyAbsent(EndpointShape.GLOBAL_CHANGES)).hasValueSatisfying(why -> assertThat(why)
                .startsWith("the endpoint has no _global_changes database, which /_db_updates reads"));
        assertThat(shape.whyAbsent(EndpointShape.SINGLE_NODE_FEATURE)).isPresent();
        wireMock.verify(deleteRequestedFor(urlEqualTo("/" + PROBE)));
    }

    @Test
    void aServerWithoutMembershipOrClusterInfoIsOneNodeThatHasWhatItAnswersFor() throws Exception {
        // given: a server without _membership whose /_db_updates refuses the request rather than lacking a database
        wireMock.stubFor(get("/_membership").willReturn(json(404, "{\"error\":\"not_found\"}")));
        wireMock.stubFor(put("/" + PROBE).willReturn(json(201, "{\"ok\":true}")));
        wireMock.stubFor(get("/" + PROBE).willReturn(json(200, "{\"db_name\":\"" + PROBE + "\"}")));
        wireMock.stubFor(delete("/" + PROBE).willReturn(json(200, "{\"ok\":true}")));
        wireMock.stubFor(get("/_db_updates?limit=0").willReturn(aResponse().withStatus(400)));

        // when
        EndpointShape shape = EndpointShape.probe(endpoint, PROBE, Duration.ofSeconds(5));

        // then
        assertThat(shape).isEqualTo(new EndpointShape(1, OptionalInt.empty(), OptionalInt.empty(),
                Optional.empty()));
        assertThat(shape.describe()).isEqualTo("single node");
        assertThat(shape.whyAbsent(EndpointShape.GLOBAL_CHANGES)).isEmpty();
        assertThat(shape.whyAbsent(EndpointShape.SINGLE_NODE_FEATURE)).isEmpty();
    }

    @Test
    void oneNodeWithOneCopyIsNoCluster() {
        EndpointShape single = new EndpointShape(1, OptionalInt.of(1), OptionalInt.of(2), Optional.empty());

        assertThat(single.isCluster()).isFalse();
        assertThat(single.describe()).isEqualTo("single node, n = 1, q = 2");
    }
}
