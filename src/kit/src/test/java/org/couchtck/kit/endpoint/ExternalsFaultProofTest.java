package org.couchtck.kit.endpoint;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseTransformerV2;
import com.github.tomakehurst.wiremock.http.Response;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.endpoint.externals.ExternalsSetup;
import org.couchtck.kit.process.ChildProcesses;
import org.couchtck.kit.wire.TranscriptEntry;
import org.couchtck.reference.endpoint.ReferenceEndpoint;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The built-in cases of the Externals API ({@code http.config.*}, {@code http.proxy.*}, {@code http.external.*},
 * {@code http.daemons.*}) catch the faults they are written for. The reference endpoint runs with the kit's ini
 * (its daemons, proxies and {@code _external} handler, the kit's backend); WireMock proxies it. Unchanged, every case
 * passes. With one fault injected into the replies of
 * one case's requests ({@link ProxyFaults}, or a stub in their place), that case fails (MUST) or warns (SHOULD,
 * INFO), saying where. Polling steps of a faulty endpoint go by a virtual clock, so a daemon that never answers costs
 * no real time. No process the kit started outlives the class.
 */
@Timeout(180)
class ExternalsFaultProofTest {

    private static final HttpCorpus CORPUS = HttpCorpus.builtIn();
    private static final Credentials ADMIN = new Credentials("admin", "admin");
    private static final Set<String> SECTIONS = Set.of("config", "proxy", "external", "daemons");
    private static final int FAULT = 1;
    private static final int PASS_THROUGH = 10;
    private static final String DB = "/couchtck-[a-z0-9_-]+";

    private static ExternalsSetup setup;
    private static ReferenceEndpoint reference;
    private static WireMockServer proxy;
    private static int runs;

    private HttpEndpoint endpoint;

    @BeforeAll
    static void start() throws IOException {
        setup = ExternalsSetup.forStartedEndpoint(Duration.ofSeconds(10));
        reference = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults().withLog((level, message) -> { })
                .withIniFiles(List.of(setup.ini().orElseThrow())));
        setup.onIniChange(reference::reloadIniFiles);
        List<ResponseTransformerV2> transformers = new java.util.ArrayList<>(List.of(ProxyFaults.all()));
        transformers.add(new FreshInstance());
        transformers.add(new AnyStatus());
        transformers.add(new Unchunked());
        proxy = new WireMockServer(options().dynamicPort().extensions(transformers.toArray(
                new ResponseTransformerV2[0])));
        proxy.start();
    }

    @AfterAll
    static void stop() throws InterruptedException {
        proxy.stop();
        reference.close();
        setup.close();
        ChildProcesses.assertNoneAlive();
    }

    @BeforeEach
    void passThrough() throws Exception {
        proxy.resetAll();
        proxy.stubFor(any(anyUrl()).atPriority(PASS_THROUGH).willReturn(proxied()));
        endpoint = HttpEndpoint.of(URI.create("http://localhost:" + proxy.port()), ADMIN, Duration.ofSeconds(10));
        awaitDaemon();
    }

    @AfterEach
    void close() {
        endpoint.close();
    }

    /** Waits until the daemon answers: a case before may have restarted it. */
    private void awaitDaemon() throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline) {
            HttpReply reply = endpoint.send(endpoint.adminCall("GET", "/_couchtck_daemon/", Duration.ofSeconds(5)));
            if (reply.status() == 200) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the reference's daemon did not answer within 30 s");
    }

    private static ResponseDefinitionBuilder proxied() {
        return aResponse().proxiedFrom(reference.uri().toString());
    }

    private CaseResult run(String id, PollTimer timer, Externals externals) {
        HttpCase testCase = CORPUS.find(id).orElseThrow(() -> new AssertionError("no built-in case " + id));
        return new HttpCaseExecutor(endpoint, HttpRunSettings.of("proof" + (++runs))
                .withRequestTimeout(Duration.ofSeconds(10)).withExternals(externals), timer).run(testCase);
    }

    private static String transcript(CaseResult result) {
        return result.transcript().stream().map(TranscriptEntry::text).collect(Collectors.joining("\n---\n"));
    }

    static Stream<String> externalsCases() {
        return CORPUS.cases().stream().filter(c -> SECTIONS.contains(c.section())).map(HttpCase::id);
    }

    @ParameterizedTest
    @MethodSource("externalsCases")
    void should_pass_when_wiremock_proxies_the_reference_unchanged(String id) {
        // when
        CaseResult result = run(id, PollTimer.SYSTEM, setup.externals());

        // then
        assertThat(result.verdict()).as(result.message() + "\n" + transcript(result))
                .isEqualTo(jettyRewroteContentType(result) ? Verdict.FAIL : Verdict.PASS);
    }

    /**
     * Whether the case failed only because the instrument, WireMock's Jetty, wrote a proxied Content-Type back in
     * its own spelling ({@code text/html;charset=utf-8} for {@code text/html; charset=utf-8}): it does so now and
     * then (seen once in hundreds of runs), never the reference, whose replies the kit reads unchanged.
     */
    private static boolean jettyRewroteContentType(CaseResult result) {
        return result.verdict() == Verdict.FAIL && result.message().matches(
                "(?s)step \\d+ \\([^)]*\\): header Content-Type: expected \"([^;\"]+); ([^\"]+)\", got \"\\1;\\2\".*");
    }

    /** A fault: what the stubs change, the case it is written against, and what the case must then say. */
    record Fault(String what, String id, Consumer<WireMockServer> stubs, Verdict verdict, String message) {
        @Override
        public String toString() {
            return id + ": " + what;
        }
    }

    /** Every reply of requests whose path matches {@code path} proxied with {@code transformer}'s fault. */
    private static Consumer<WireMockServer> replies(String path, String transformer, Object... parameters) {
        return server -> {
            ResponseDefinitionBuilder reply = proxied().withTransformers(transformer);
            for (int i = 0; i < parameters.length; i += 2) {
                reply.withTransformerParameter((String) parameters[i], parameters[i + 1]);
            }
            server.stubFor(any(urlPathMatching(path)).atPriority(FAULT).willReturn(reply));
        };
    }

    private static Consumer<WireMockServer> text(String path, String from, String to) {
        return replies(path, ProxyFaults.BodyText.NAME, "from", from, "to", to);
    }

    private static Consumer<WireMockServer> status(String path, int from, int to) {
        return replies(path, ProxyFaults.Status.NAME, "from", from, "to", to);
    }

    private static Consumer<WireMockServer> header(String path, String header, String value) {
        return replies(path, ProxyFaults.HeaderValue.NAME, "header", header, "value", value);
    }

    private static Consumer<WireMockServer> dropped(String path, String header) {
        return replies(path, DesignFaults.HeaderDropped.NAME, "header", header);
    }

    /** A daemon that never restarts: the same instance always, and an exit that is not passed on. */
    private static Consumer<WireMockServer> stuckDaemon() {
        return server -> {
            server.stubFor(get(urlPathEqualTo("/_couchtck_daemon/")).atPriority(FAULT).willReturn(json(200,
                    "{\"daemon\":\"couchtck_daemon\",\"instance\":\"stuck\",\"previous\":null,\"pid\":1}")));
            server.stubFor(post(urlPathEqualTo("/_couchtck_daemon/exit")).atPriority(FAULT).willReturn(json(200,
                    "{\"exiting\":\"stuck\"}")));
        };
    }

    private static ResponseDefinitionBuilder json(int status, String body) {
        return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(body);
    }

    static Stream<Fault> faults() {
        String proxyPath = "/_couchtck_proxy.*";
        String external = DB + "/_couchtck_external(/.*)?";
        return Stream.of(
                // config
                new Fault("the blacklist is not kept: a PUT sets the value", "http.config.blacklist-os-daemons",
                        s -> s.stubFor(any(urlPathMatching("/_node/_local/_config/os_daemons/.+")).atPriority(FAULT)
                                .willReturn(json(200, "\"\""))), Verdict.FAIL, "step 0 (PUT "),
                new Fault("the body is read first", "http.config.blacklist-before-body",
                        status("/_node/_local/_config/os_daemons/.+", 403, 400), Verdict.WARN, "step 0 (PUT "),
                new Fault("the blacklist before the admin check", "http.config.blacklist-admin-first",
                        status("/_node/_local/_config/os_daemons/.+", 401, 403), Verdict.WARN, "step 0 (PUT "),
                new Fault("a blacklisted section cannot be read", "http.config.blacklist-get-allowed",
                        status("/_node/_local/_config/external", 200, 403), Verdict.FAIL,
                        "step 1 (GET /_node/_local/_config/external): status"),
                new Fault("feature_flags taken", "http.config.blacklist-feature-flags",
                        status("/_node/_local/_config/feature_flags/.+", 403, 200), Verdict.WARN, "step 0 (PUT "),
                // proxy
                new Fault("the root asked as /x", "http.proxy.get-root", text(proxyPath, "\"url\":\"/\"",
                        "\"url\":\"/x\""), Verdict.FAIL, "body: at /url"),
                new Fault("a slash added", "http.proxy.path", text(proxyPath, "\"url\":\"/a/b\"", "\"url\":\"/a/b/\""),
                        Verdict.FAIL, "body: at /url"),
                new Fault("the trailing slash lost", "http.proxy.trailing-slash", text(proxyPath,
                        "\"url\":\"/trailing_slash/\"", "\"url\":\"/trailing_slash\""), Verdict.FAIL, "body: at /url"),
                new Fault("the query decoded", "http.proxy.query-string", text(proxyPath, "%C3%A9", "é"),
                        Verdict.FAIL, "body: at /url"),
                new Fault("the path decoded", "http.proxy.encoded-path", text(proxyPath, "a%2Fb", "a/b"),
                        Verdict.FAIL, "body: at /url"),
                new Fault("a body cut", "http.proxy.methods-and-bodies", text(proxyPath, "Hooray!", "Hooray"),
                        Verdict.FAIL, "body: at /body"),
                new Fault("Content-Length passed on twice", "http.proxy.one-content-length", text(proxyPath,
                        "\"content-length\":\"0\"", "\"content-length\":\"0, 0\""), Verdict.WARN,
                        "body: at /headers/content-length"),
                new Fault("201 turned into 200", "http.proxy.status", status(proxyPath, 201, 200), Verdict.FAIL,
                        "step 0 (GET /_couchtck_proxy/alternate_status): status"),
                new Fault("a header changed on its way", "http.proxy.headers-to-backend", text(proxyPath, "plankton",
                        "ralph"), Verdict.FAIL, "body: at /headers/x-couchdb-ralph"),
                new Fault("the backend's header lost", "http.proxy.headers-back", dropped(proxyPath,
                        "X-CouchDB-Plankton"), Verdict.FAIL, "header X-CouchDB-Plankton"),
                new Fault("the body changed", "http.proxy.body-back", text(proxyPath, "bazinga", "bazingo"),
                        Verdict.FAIL, "body text"),
                new Fault("a chunked body cut", "http.proxy.chunked-body", text(proxyPath, "foobarbazinga", "foobar"),
                        Verdict.FAIL, "body: at /body"),
                new Fault("a chunked body sent with a length", "http.proxy.chunked-body-stays-chunked",
                        text(proxyPath, "\"chunked\":true", "\"chunked\":false"), Verdict.WARN, "body: at /chunked"),
                new Fault("a chunked reply sent with a length", "http.proxy.chunked-back-stays-chunked",
                        replies(proxyPath, Unchunked.NAME), Verdict.WARN, "header Transfer-Encoding"),
                new Fault("a chunked reply cut", "http.proxy.chunked-back", text(proxyPath, "bazinga", ""),
                        Verdict.FAIL, "body text"),
                new Fault("Location not rewritten", "http.proxy.location-rewrite", header(proxyPath, "Location",
                        "http://127.0.0.1:1/foo/bar"), Verdict.FAIL, "header Location"),
                new Fault("Uri not rewritten", "http.proxy.location-rewrite-other-headers", header(proxyPath, "Uri",
                        "http://127.0.0.1:1/zip#frag"), Verdict.WARN, "header Uri"),
                new Fault("an external Location rewritten", "http.proxy.location-external", header(proxyPath,
                        "Location", "http://127.0.0.1:5984/_couchtck_proxy/search"), Verdict.FAIL, "header Location"),
                new Fault("a relative Location kept", "http.proxy.location-relative", header(proxyPath, "Location",
                        "/foo"), Verdict.WARN, "header Location"),
                new Fault("no slash between destination and path", "http.proxy.destination-path", text(proxyPath,
                        "/prefix/x", "/prefixx"), Verdict.FAIL, "body: at /url"),
                new Fault("the destination's slash lost", "http.proxy.destination-path-alone", text(proxyPath,
                        "\"url\":\"/prefix/\"", "\"url\":\"/prefix\""), Verdict.WARN, "body: at /url"),
                new Fault("502 for a backend down", "http.proxy.backend-down", status(proxyPath, 500, 502),
                        Verdict.FAIL, "status"),
                new Fault("a body that is no error object", "http.proxy.backend-down-body", replies(proxyPath,
                        ProxyFaults.BodyField.NAME, "status", 500, "field", "error", "value", "x").andThen(
                        text(proxyPath, "\"error\"", "\"err\"")), Verdict.WARN, "body"),
                // external
                new Fault("the method misnamed", "http.external.request-basics", text(external, "\"method\":\"GET\"",
                        "\"method\":\"POST\""), Verdict.FAIL, "body: at /request/method"),
                new Fault("a query value left encoded", "http.external.request-query", text(external, "\"r\":\"é\"",
                        "\"r\":\"%C3%A9\""), Verdict.FAIL, "body: at /request/query/r"),
                new Fault("raw_path decoded", "http.external.request-raw-path", text(external, "a%20b", "a b"),
                        Verdict.FAIL, "body: at /request/raw_path"),
                new Fault("requested_path without the query", "http.external.requested-path-with-query",
                        text(external, "\"a?q=1\"", "\"a\""), Verdict.WARN, "requested_path"),
                new Fault("startkey left a string", "http.external.query-json-keys", text(external,
                        "\"startkey\":[1,2]", "\"startkey\":\"[1,2]\""), Verdict.WARN, "startkey"),
                new Fault("a header lost", "http.external.headers", text(external, "\"X-Couchtck-Test\"",
                        "\"X-Couchtck-Tost\""), Verdict.FAIL, "body: at /request/headers"),
                new Fault("the form misread", "http.external.body-and-form", text(external, "\"b\":\"two words\"",
                        "\"b\":\"two%20words\""), Verdict.FAIL, "body: at /request/form/b"),
                new Fault("a cookie misread", "http.external.cookie", text(external, "\"y\":\"two\"", "\"y\":\"2\""),
                        Verdict.WARN, "body: at /request/cookie/y"),
                new Fault("userCtx without db", "http.external.user-and-security", text(external, "\"userCtx\":{\"db\"",
                        "\"userCtx\":{\"dbx\""), Verdict.WARN, "userCtx"),
                new Fault("a uuid that is none", "http.external.uuid-and-peer", text(external, "\"uuid\":\"",
                        "\"uuid\":\"x"), Verdict.WARN, "uuid"),
                new Fault("the reply's header lost", "http.external.reply-json", dropped(external, "X-Couchtck-Test"),
                        Verdict.FAIL, "header X-Couchtck-Test"),
                new Fault("body sent as text/plain", "http.external.reply-body", header(external, "Content-Type",
                        "text/plain"), Verdict.FAIL, "header Content-Type"),
                new Fault("base64 not decoded", "http.external.reply-base64", text(external, "hello world",
                        "aGVsbG8gd29ybGQ="), Verdict.FAIL, "body text"),
                new Fault("the reply's Content-Type overridden", "http.external.reply-content-type",
                        header(external, "Content-Type", "text/html; charset=utf-8"), Verdict.FAIL,
                        "header Content-Type"),
                new Fault("202 turned into 200", "http.external.reply-code-only", status(external, 202, 200),
                        Verdict.WARN, "status"),
                new Fault("an invalid reply passed as 200", "http.external.reply-invalid", status(external, 500, 200),
                        Verdict.FAIL, "status"),
                new Fault("another error name", "http.external.reply-invalid-body", text(external,
                        "external_response_error", "error"), Verdict.WARN, "body: at /error"),
                new Fault("a line that is no JSON passed as 200", "http.external.reply-not-json",
                        replies(external, AnyStatus.NAME, "status", 200), Verdict.WARN, "status"),
                new Fault("an unconfigured handler answers 200", "http.external.unknown-handler",
                        status(DB + "/_couchtck_external_missing", 404, 200), Verdict.FAIL, "status"),
                new Fault("another reason", "http.external.unknown-handler-body", text(DB
                        + "/_couchtck_external_missing", "No server configured", "No handler"), Verdict.WARN,
                        "body: at /reason"),
                // daemons
                new Fault("the daemon never comes up", "http.daemons.started-at-boot", s -> s.stubFor(
                        get(urlPathEqualTo("/_couchtck_daemon/")).atPriority(FAULT).willReturn(json(500,
                                "{\"error\":\"error\",\"reason\":\"econnrefused\"}"))), Verdict.FAIL,
                        "not as expected after"),
                new Fault("an unset key answered", "http.daemons.get-key",
                        text("/_couchtck_daemon/config/couchtck_daemon/no_such_key", "null", "\"\""), Verdict.FAIL,
                        "body: at /value"),
                new Fault("an unknown section answered", "http.daemons.get-section",
                        text("/_couchtck_daemon/config/couchtck_no_such_section", "{}", "{\"a\":\"b\"}"),
                        Verdict.FAIL, "body: at /value"),
                new Fault("noise kills the host's answers", "http.daemons.ignores-noise",
                        status("/_couchtck_daemon/noise", 200, 500), Verdict.WARN, "status"),
                new Fault("a dead daemon stays dead", "http.daemons.restarted-after-death", stuckDaemon(),
                        Verdict.FAIL, "step 2 (GET /_couchtck_daemon/): not as expected after"),
                new Fault("a registered key changes nothing", "http.daemons.restart-on-registered-key", stuckDaemon(),
                        Verdict.FAIL, "step 2 (GET /_couchtck_daemon/): not as expected after"),
                new Fault("a registered section changes nothing", "http.daemons.restart-on-registered-section",
                        stuckDaemon(), Verdict.FAIL, "step 2 (GET /_couchtck_daemon/): not as expected after"),
                new Fault("every change restarts the daemon", "http.daemons.no-restart-on-other-keys",
                        replies("/_couchtck_daemon/", FreshInstance.NAME), Verdict.WARN,
                        "step 3 (GET /_couchtck_daemon/): body: at /instance"),
                new Fault("an added daemon never starts", "http.daemons.started-and-stopped-with-config",
                        s -> s.stubFor(get(urlPathEqualTo("/_couchtck_late/")).atPriority(FAULT).willReturn(json(500,
                                "{\"error\":\"error\"}"))), Verdict.FAIL,
                        "step 2 (GET /_couchtck_late/): not as expected after"),
                new Fault("a removed daemon never stops", "http.daemons.started-and-stopped-with-config", s -> {
                    s.stubFor(get(urlPathEqualTo("/_couchtck_late/")).atPriority(FAULT).inScenario("late")
                            .whenScenarioStateIs(Scenario.STARTED).willSetStateTo("up").willReturn(json(500, "{}")));
                    s.stubFor(get(urlPathEqualTo("/_couchtck_late/")).atPriority(FAULT).inScenario("late")
                            .whenScenarioStateIs("up").willReturn(json(200, "{\"daemon\":\"couchtck_late\"}")));
                }, Verdict.FAIL, "step 4 (GET /_couchtck_late/): not as expected after"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("faults")
    void should_fail_or_warn_the_case_written_for_a_fault(Fault fault) {
        // given
        fault.stubs().accept(proxy);

        // when
        CaseResult result = run(fault.id(), new VirtualPollTimer(), setup.externals());

        // then
        assertThat(result.verdict()).as(result.message() + "\n" + transcript(result)).isEqualTo(fault.verdict());
        assertThat(result.message()).contains(fault.message());
        assertThat(proxy.getAllServeEvents()).anySatisfy(event -> assertThat(event.getStubMapping().getPriority())
                .isEqualTo(FAULT));
    }

    /** Answers the boot counts of {@code counts}, one a request, the last one from then on. */
    private static StandIn counting(int... counts) {
        Deque<Integer> left = new ArrayDeque<>();
        for (int count : counts) {
            left.add(count);
        }
        return call -> {
            int count = left.size() > 1 ? left.poll() : left.peek();
            return new HttpReply(200, HttpHeaders.of(Map.of(), (a, b) -> true), "{\"count\":" + count + "}",
                    Optional.empty());
        };
    }

    private Externals withBackend(StandIn backend) {
        Externals real = setup.externals();
        return new Externals(real.absent(), Optional.of(backend), real.ini(), real.variables());
    }

    @Test
    void should_fail_halting_when_a_dying_daemon_is_started_again_and_again() {
        // when
        CaseResult result = run("http.daemons.halted-after-failures", new VirtualPollTimer(),
                withBackend(counting(3, 4)));

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).contains("step 2 ((to backend) POST /__admin/requests/count): body: at /count");
    }

    @Test
    void should_fail_halting_when_a_dying_daemon_is_never_started_again() {
        // when
        CaseResult result = run("http.daemons.halted-after-failures", new VirtualPollTimer(),
                withBackend(counting(1)));

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).contains("step 1 ((to backend) POST /__admin/requests/count): not as expected "
                + "after");
    }

    /** Gives every reply of a daemon a new instance: a daemon restarted by every change. */
    static final class FreshInstance implements ResponseTransformerV2 {
        static final String NAME = "fault-fresh-instance";

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            String body = response.getBodyAsString().replaceAll("\"instance\":\"[^\"]*\"",
                    "\"instance\":\"" + UUID.randomUUID() + "\"");
            return ProxyFaults.withBody(response, body);
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

    /** Sends a reply whole, with a Content-Length, where it came in chunks: a proxy that buffers. */
    static final class Unchunked implements ResponseTransformerV2 {
        static final String NAME = "fault-unchunked";

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            List<com.github.tomakehurst.wiremock.http.HttpHeader> headers = new java.util.ArrayList<>(
                    response.getHeaders().all().stream().filter(h -> !h.keyEquals("Transfer-Encoding")).toList());
            headers.add(new com.github.tomakehurst.wiremock.http.HttpHeader("Content-Length",
                    Integer.toString(response.getBody().length)));
            return Response.Builder.like(response).but().headers(new com.github.tomakehurst.wiremock.http.HttpHeaders(
                    headers)).build();
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

    /** Answers whatever came with the status of the parameter {@code status}. */
    static final class AnyStatus implements ResponseTransformerV2 {
        static final String NAME = "fault-any-status";

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            return Response.Builder.like(response).but().status(serveEvent.getTransformerParameters().getInt("status"))
                    .build();
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
