package org.couchtck.kit.endpoint.externals;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.ok;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.common.JettySettings;
import com.github.tomakehurst.wiremock.common.Slf4jNotifier;
import com.github.tomakehurst.wiremock.core.Options;
import com.github.tomakehurst.wiremock.http.AdminRequestHandler;
import com.github.tomakehurst.wiremock.http.StubRequestHandler;
import com.github.tomakehurst.wiremock.jetty12.Jetty12HttpServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.couchtck.kit.daemons.programs.DaemonHttpServer;
import org.eclipse.jetty.io.NetworkTrafficListener;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The kit's backend for the Externals API cases: a WireMock server on the loopback interface that the endpoint's
 * proxy forwards to and the kit's daemons report their boots to. Every request gets the reply {@link BackendReplies}
 * makes (an echo, or what the request's {@code X-Couchtck-Reply} header scripts), and WireMock's journal keeps every
 * request, for the cases to ask ({@code POST /__admin/requests/count}) and the generated proxy suite to compare.
 */
public final class KitBackend implements AutoCloseable {

    private final WireMockServer server;

    private KitBackend(WireMockServer server) {
        this.server = server;
    }

    /**
     * Starts the backend on 127.0.0.1:{@code port} (0: a free port).
     *
     * @throws IllegalStateException when it cannot listen there (the port is taken)
     */
    public static KitBackend start(int port) {
        WireMockServer server = new WireMockServer(options().bindAddress("127.0.0.1").port(port)
                .extensions(new BackendReplies()).notifier(new Slf4jNotifier(false))
                .containerThreads(16).jettyAcceptors(1).httpServerFactory(LenientJetty::new));
        try {
            server.start();
        } catch (RuntimeException e) {
            server.stop();
            throw new IllegalStateException("the kit's backend cannot listen on 127.0.0.1:" + port + ": "
                    + e.getMessage(), e);
        }
        server.stubFor(any(anyUrl()).willReturn(ok()));
        return new KitBackend(server);
    }

    /** {@code http://127.0.0.1:PORT}, no trailing slash: how the ini names the backend. */
    public URI uri() {
        return URI.create("http://127.0.0.1:" + server.port());
    }

    public int port() {
        return server.port();
    }

    /** Every request the backend received, in the order they came. */
    public List<LoggedRequest> received() {
        List<LoggedRequest> all = new ArrayList<>(server.findAll(anyRequestedFor(anyUrl())));
        all.sort(Comparator.comparing(LoggedRequest::getLoggedDate));
        return all;
    }

    /** The requests whose header {@code name} has {@code value}, in the order they came. */
    public List<LoggedRequest> receivedWith(String name, String value) {
        Objects.requireNonNull(value, "value");
        return received().stream().filter(r -> value.equals(r.getHeader(name))).toList();
    }

    @Override
    public void close() {
        server.stop();
    }

    /**
     * WireMock's Jetty, reading a Content-Length given twice with one value as one, as the kit's daemons do
     * ({@link DaemonHttpServer#COMPLIANCE}): CouchDB 2.x's proxy sends {@code Content-Length: 0} twice for an empty
     * body, and the backend is there to see what the proxy forwards, not to refuse it. The echo still shows both.
     */
    private static final class LenientJetty extends Jetty12HttpServer {

        LenientJetty(Options options, AdminRequestHandler admin, StubRequestHandler stubs) {
            super(options, admin, stubs);
        }

        @Override
        protected ServerConnector createHttpConnector(String bindAddress, int port, JettySettings settings,
                NetworkTrafficListener listener) {
            ServerConnector connector = super.createHttpConnector(bindAddress, port, settings, listener);
            connector.getConnectionFactory(HttpConnectionFactory.class).getHttpConfiguration()
                    .setHttpCompliance(DaemonHttpServer.COMPLIANCE);
            return connector;
        }
    }
}
