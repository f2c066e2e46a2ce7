package org.couchtck.kit.endpoint;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.delete;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import java.net.URI;
import java.time.Duration;

/**
 * A WireMock server standing in for CouchDB in the executor's tests: one per test class, its stubs reset before each
 * test; {@link #takingCaseDatabases} lets a case create and delete its databases ({@code couchtck-t-N-name}).
 */
final class FakeCouchDb {

    private FakeCouchDb() {}

    /** A server on a free port, to register with {@code @RegisterExtension}. */
    static WireMockExtension server() {
        return WireMockExtension.newInstance().options(options().dynamicPort()).build();
    }

    /** Answers the creation and deletion of every case database of run {@code t}, below any test's own stubs. */
    static void takingCaseDatabases(WireMockExtension server) {
        server.stubFor(put(urlPathMatching("/couchtck-t-[0-9]+-[a-z0-9_-]+")).atPriority(10)
                .willReturn(aResponse().withStatus(201).withHeader("Content-Type", "application/json")
                        .withBody("{\"ok\":true}")));
        server.stubFor(delete(urlPathMatching("/couchtck-t-[0-9]+-[a-z0-9_-]+")).atPriority(10)
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json")
                        .withBody("{\"ok\":true}")));
    }

    /** The server as an endpoint whose admin is {@code admin:secret}. */
    static HttpEndpoint endpoint(WireMockExtension server) {
        return HttpEndpoint.of(URI.create("http://admin:secret@localhost:" + server.getPort()), Duration.ofSeconds(5));
    }
}
