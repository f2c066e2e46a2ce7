package org.couchtck.kit.endpoint.generated;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.endpoint.Credentials;
import org.couchtck.kit.endpoint.HttpEndpoint;
import org.couchtck.kit.wire.TranscriptEntry;
import org.couchtck.reference.endpoint.ReferenceEndpoint;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What the tests of the generated suites' runners share: the reference endpoint for the test class (registered with
 * {@code @RegisterExtension}), an endpoint that never answers, and reading a result's shrinking and transcript.
 */
final class SuiteRunnerFixture implements BeforeAllCallback, AfterAllCallback {

    private static final Credentials ADMIN = new Credentials("admin", "admin");

    private ReferenceEndpoint reference;
    private HttpEndpoint endpoint;

    @Override
    public void beforeAll(ExtensionContext context) {
        reference = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults());
        endpoint = HttpEndpoint.of(reference.uri(), ADMIN, Duration.ofSeconds(5));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        endpoint.close();
        reference.close();
    }

    /** The reference endpoint, as the admin. */
    HttpEndpoint endpoint() {
        return endpoint;
    }

    /** Runs {@code test} against an endpoint whose server accepts connections and never answers. */
    static void withSilentEndpoint(Consumer<HttpEndpoint> test) throws IOException {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            List<Socket> held = new ArrayList<>();
            Thread acceptor = new Thread(() -> {
                while (!silent.isClosed()) {
                    try {
                        held.add(silent.accept());
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            try (HttpEndpoint hanging = HttpEndpoint.of(URI.create("http://127.0.0.1:" + silent.getLocalPort()),
                    ADMIN, Duration.ofSeconds(2))) {
                test.accept(hanging);
            }
        }
    }

    /**
     * The sizes of the original and the shrunk example, in {@code unit} ({@code "documents"}), as the message of
     * {@code result} says.
     */
    static int[] shrunk(CaseResult result, String unit) {
        Matcher matcher = Pattern.compile("shrunk from (\\d+) to (\\d+) " + Pattern.quote(unit))
                .matcher(result.message());
        assertThat(matcher.find()).as(result.message()).isTrue();
        return new int[] {Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2))};
    }

    /** The last 40 entries of the transcript of {@code result}, one a line. */
    static String tail(CaseResult result) {
        List<TranscriptEntry> entries = result.transcript();
        return entries.subList(Math.max(0, entries.size() - 40), entries.size()).stream()
                .map(e -> e.direction() + " " + e.text()).reduce("", (a, b) -> a + "\n" + b);
    }
}
