package org.couchtck.kit.endpoint;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matching;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.MappingBuilder;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
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
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The built-in HTTP cases catch the faults they are written for. WireMock proxies the reference endpoint: unchanged,
 * every case chosen here passes (so the proxy itself is transparent); with exactly one fault injected into one kind of
 * reply ({@link ProxyFaults}), the case written for that fault fails (MUST) or warns (SHOULD), saying where. Where a
 * reply cannot go through the proxy (WireMock buffers a proxied body, so a live feed that only the client ends cannot
 * be proxied), a plain stub plays CouchDB 3.5.2's recorded answer instead, once as recorded (the case passes) and once
 * with the fault. The cases are the corpus's own, loaded by id. No thread the kit starts outlives its case or
 * endpoint, and the servers are stopped after the class.
 */
@Timeout(120)
class HttpFaultProofTest {

    private static final HttpCorpus CORPUS = HttpCorpus.builtIn();
    private static final Credentials ADMIN = new Credentials("admin", "admin");
    /** The fault stubs win over the transparent proxy. */
    private static final int FAULT = 1;
    private static final int PASS_THROUGH = 10;
    /** Far longer than any case's bound: a reply held open this long never ends, as far as a case can tell. */
    private static final int NEVER_MS = 60_000;
    private static final AtomicInteger RUNS = new AtomicInteger();

    private static Set<Thread> threadsBeforeAll;
    private static ReferenceEndpoint reference;
    private static WireMockServer proxy;

    private Set<Thread> threadsBeforeEach;
    private String runId;
    private HttpEndpoint endpoint;
    private HttpCaseExecutor executor;

    @BeforeAll
    static void startServers() {
        threadsBeforeAll = liveThreads();
        reference = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults());
        proxy = new WireMockServer(options().dynamicPort().extensions(ProxyFaults.all()));
        proxy.start();
    }

    @AfterAll
    static void stopServers() {
        int proxyPort = proxy.port();
        URI referenceUri = reference.uri();
        proxy.stop();
        reference.close();

        assertThat(awaitEnded(threadsBeforeAll, name -> !jdkHttpClientSelector(name)
                && !name.equals("junit-jupiter-timeout-watcher")))
                .as("threads started by this class still alive after every server stopped").isEmpty();
        assertThatThrownBy(() -> connect("localhost", proxyPort)).as("WireMock's port").isInstanceOf(IOException.class);
        assertThatThrownBy(() -> connect(referenceUri.getHost(), referenceUri.getPort())).as("the endpoint's port")
                .isInstanceOf(IOException.class);
    }

    @BeforeEach
    void passThrough() {
        threadsBeforeEach = liveThreads();
        proxy.resetAll();
        proxy.stubFor(any(anyUrl()).atPriority(PASS_THROUGH).willReturn(proxied()));
        runId = "fault" + RUNS.incrementAndGet();
        endpoint = HttpEndpoint.of(URI.create("http://localhost:" + proxy.port()), ADMIN, Duration.ofSeconds(5));
        executor = new HttpCaseExecutor(endpoint, HttpRunSettings.of(runId));
    }

    @AfterEach
    void closeEndpoint() {
        endpoint.close();
        assertThat(awaitEnded(threadsBeforeEach, name -> name.startsWith("couchtck-http-")
                || name.startsWith("couchtck-case-"))).as("the kit's threads after its endpoint closed").isEmpty();
    }

    /** WireMock passing the request on to the reference endpoint as it came (Authorization included). */
    private static ResponseDefinitionBuilder proxied() {
        return aResponse().proxiedFrom(reference.uri().toString());
    }

    /** Every reply of a {@code _changes} request of a case's database. */
    private static MappingBuilder changesOfTheCasesDatabase() {
        return get(urlPathMatching("/couchtck-[a-z0-9_-]+/_changes")).atPriority(FAULT);
    }

    /** Runs the built-in case {@code id} and checks that no thread of the case outlived it. */
    private CaseResult run(String id) {
        CaseResult result = executor.run(builtIn(id));
        // The case ended its threads' pool before it returned; a thread may still be leaving its run method.
        assertThat(awaitEnded(threadsBeforeEach, name -> name.startsWith("couchtck-case-"), Duration.ofSeconds(1)))
                .as("threads of the case still alive after " + id).isEmpty();
        return result;
    }

    private static HttpCase builtIn(String id) {
        return CORPUS.find(id).orElseThrow(() -> new AssertionError("no built-in case " + id));
    }

    /** The first step of the built-in case {@code id} whose path contains {@code path}. */
    private static HttpStep firstStep(String id, String path) {
        return builtIn(id).steps().stream().filter(step -> step.request().path().contains(path)).findFirst()
                .orElseThrow(() -> new AssertionError(id + " has no step with " + path));
    }

    /** How a failure message names {@code step}. */
    private static String label(HttpStep step) {
        return "step " + step.index() + " (" + step.request().shown() + ")";
    }

    private static String transcript(CaseResult result) {
        return result.transcript().stream().map(TranscriptEntry::text).collect(Collectors.joining("\n---\n"));
    }

    // 1. The proxy is transparent.

    /** The sections whose every case goes through the transparent proxy. */
    private static final Set<String> PROXIED_SECTIONS = Set.of("views", "reduce", "autoindex");

    /**
     * The SHOULD cases that warn against the reference endpoint itself, as its recorded deviations say; through the
     * proxy they must warn just the same: the exact {@code _stats} error bodies carry CouchDB's {@code ref} (a hash of
     * an Erlang stack), which the reference does not make up, and {@code _info} shows ICU4J's collator version, not
     * CouchDB's ICU's.
     */
    private static final Set<String> WARN_AGAINST_THE_REFERENCE = Set.of(
            "http.reduce.stats-error-two-strings-reason", "http.reduce.stats-error-obj-missing-fields-reason",
            "http.reduce.stats-error-num-then-str-reason", "http.views.update-false-info");

    /** The cases the proxy must leave passing: some of the older sections', and every case of the newer ones. */
    static Stream<String> proxiedCases() {
        return Stream.concat(Stream.of("http.changes.since-0", "http.changes.longpoll-immediate",
                "http.changes.continuous-since-0", "http.changes.longpoll-timeout", "http.changes.continuous-timeout",
                "http.db_updates.longpoll-timeout", "http.documents.get-missing-404", "http.documents.put-create",
                "http.databases.create-existing-412", "http.databases.create-existing-412-reason",
                "http.ddoc.show-code-headers", "http.ddoc.list-basic", "http.ddoc.validate-bulk-docs",
                "http.ddoc.selector-comparison"),
                CORPUS.cases().stream().filter(c -> PROXIED_SECTIONS.contains(c.section())).map(HttpCase::id));
    }

    @ParameterizedTest
    @MethodSource("proxiedCases")
    void should_pass_when_wiremock_proxies_the_reference_endpoint_unchanged(String id) {
        // given: only the pass-through stub

        // when
        CaseResult result = run(id);

        // then
        assertThat(result.verdict()).as(result.message() + "\n" + transcript(result))
                .isEqualTo(WARN_AGAINST_THE_REFERENCE.contains(id) ? Verdict.WARN : Verdict.PASS);
        assertThat(proxy.getAllServeEvents()).isNotEmpty().allSatisfy(event -> {
            assertThat(event.getResponseDefinition().isProxyResponse()).isTrue();
            assertThat(event.getRequest().getHeader("Authorization")).isEqualTo(ADMIN.basicAuthorization());
        });
    }

    // 2. One fault each.

    static Stream<Arguments> rowFaults() {
        return Stream.of(
                Arguments.of(ProxyFaults.RowEdit.DROP, "http.changes.since-0",
                        "body: at /results: expected 3 elements, got 2"),
                Arguments.of(ProxyFaults.RowEdit.DROP, "http.changes.longpoll-immediate",
                        "events: expected 3 elements, got 2"),
                Arguments.of(ProxyFaults.RowEdit.DROP, "http.changes.continuous-since-0",
                        "events: expected 3 elements, got 2"),
                Arguments.of(ProxyFaults.RowEdit.REPEAT, "http.changes.since-0",
                        "body: at /results: expected 3 elements, got 4"),
                Arguments.of(ProxyFaults.RowEdit.REPEAT, "http.changes.longpoll-immediate",
                        "events: expected 3 elements, got 4"),
                Arguments.of(ProxyFaults.RowEdit.REPEAT, "http.changes.continuous-since-0",
                        "events: expected 3 elements, got 4"),
                Arguments.of(ProxyFaults.RowEdit.SWAP_WITH_NEXT, "http.changes.since-0",
                        "body: at /results/1/id: expected \"b\", got \"c\""),
                Arguments.of(ProxyFaults.RowEdit.SWAP_WITH_NEXT, "http.changes.longpoll-immediate",
                        "events: at /1/id: expected \"b\", got \"c\""),
                Arguments.of(ProxyFaults.RowEdit.SWAP_WITH_NEXT, "http.changes.continuous-since-0",
                        "events: at /1/id: expected \"b\", got \"c\""));
    }

    /**
     * The feed of each kind that the server ends itself (normal; longpoll with changes waiting; continuous with a
     * timeout), so that WireMock can buffer the proxied body and edit its rows: row b dropped, repeated, or swapped
     * with c. The case's first {@code _changes} step must fail, saying how.
     */
    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("rowFaults")
    void should_fail_when_a_proxied_changes_feed_drops_repeats_or_reorders_a_row(ProxyFaults.RowEdit edit, String id,
            String fault) {
        // given
        proxy.stubFor(changesOfTheCasesDatabase().willReturn(proxied().withTransformers(ProxyFaults.FeedRows.NAME)
                .withTransformerParameter("edit", edit.name()).withTransformerParameter("match", "{\"id\":\"b\"}")));
        HttpStep feed = firstStep(id, "/_changes");

        // when
        CaseResult result = run(id);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith(label(feed) + ": " + fault);
        assertThat(result.failedStep()).isEqualTo(feed.index());
    }

    static Stream<Arguments> feedsThatNeverEnd() {
        return Stream.of(
                Arguments.of("http.changes.longpoll-timeout", "/_changes",
                        get(urlPathMatching("/couchtck-[a-z0-9_-]+/_changes")).withQueryParam("feed",
                                equalTo("longpoll"))),
                Arguments.of("http.changes.continuous-timeout", "/_changes",
                        get(urlPathMatching("/couchtck-[a-z0-9_-]+/_changes")).withQueryParam("feed",
                                equalTo("continuous"))),
                Arguments.of("http.db_updates.longpoll-timeout", "/_db_updates",
                        get(urlPathEqualTo("/_db_updates")).withQueryParam("feed", equalTo("longpoll"))));
    }

    /**
     * The real reply, with its head and first bytes at once and the rest dribbled out over a minute: a longpoll (or
     * a continuous feed with timeout) that never ends. The case must fail, and cost about the feed's bound (its
     * {@code until.within}), not the minute.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("feedsThatNeverEnd")
    void should_fail_within_about_its_bound_when_a_feed_the_server_must_end_never_ends(String id, String path,
            MappingBuilder feedRequest) {
        // given
        proxy.stubFor(feedRequest.atPriority(FAULT).willReturn(proxied()
                .withTransformers(ProxyFaults.StalledBody.NAME).withTransformerParameter("millis", NEVER_MS)));
        FeedStep feed = (FeedStep) firstStep(id, path);
        Duration bound = Duration.ofMillis(feed.until().withinMillis().orElseThrow());

        // when
        CaseResult result = run(id);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith(label(feed) + ": ")
                .containsPattern("the response was still open after [0-9]+ ms; the kit stopped reading");
        assertThat(result.duration()).isGreaterThan(bound.minusSeconds(1)).isLessThan(bound.plusSeconds(20));
    }

    @Test
    void should_fail_within_about_its_bound_when_a_longpoll_never_answers() {
        // given: the real reply, held back for a minute before its head
        proxy.stubFor(changesOfTheCasesDatabase().withQueryParam("feed", equalTo("longpoll"))
                .willReturn(proxied().withFixedDelay(NEVER_MS)));
        String id = "http.changes.longpoll-timeout";
        FeedStep feed = (FeedStep) firstStep(id, "/_changes");
        Duration bound = Duration.ofMillis(feed.until().withinMillis().orElseThrow());

        // when
        CaseResult result = run(id);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).isEqualTo(label(feed) + ": no reply: no response within " + bound.toMillis()
                + " ms");
        assertThat(result.duration()).isGreaterThan(bound.minusSeconds(1)).isLessThan(bound.plusSeconds(20));
    }

    static Stream<Arguments> wrongStatuses() {
        return Stream.of(
                Arguments.of("http.documents.get-missing-404", get(urlPathMatching("/couchtck-[a-z0-9_-]+/nope")),
                        404, 200),
                Arguments.of("http.documents.put-create", put(urlPathMatching("/couchtck-[a-z0-9_-]+/doc")),
                        201, 200));
    }

    @ParameterizedTest(name = "{0}: {2} -> {3}")
    @MethodSource("wrongStatuses")
    void should_fail_when_the_proxy_changes_the_status(String id, MappingBuilder request, int from, int to) {
        // given
        proxy.stubFor(request.atPriority(FAULT).willReturn(proxied().withTransformers(ProxyFaults.Status.NAME)
                .withTransformerParameter("from", from).withTransformerParameter("to", to)));

        // when
        CaseResult result = run(id);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).isEqualTo(label(firstStep(id, "")) + ": status: expected " + from + ", got "
                + to);
    }

    /** The 412 of {@code PUT /{db}} of an existing database with one member of its body replaced. */
    private static void existingDatabase412With(String field, String value) {
        proxy.stubFor(put(urlPathMatching("/couchtck-[a-z0-9_-]+")).atPriority(FAULT)
                .willReturn(proxied().withTransformers(ProxyFaults.BodyField.NAME)
                        .withTransformerParameter("status", 412).withTransformerParameter("field", field)
                        .withTransformerParameter("value", value)));
    }

    @Test
    void should_fail_the_must_case_when_the_error_id_is_wrong() {
        // given
        existingDatabase412With("error", "conflict");

        // when
        CaseResult result = run("http.databases.create-existing-412");

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).isEqualTo(label(firstStep("http.databases.create-existing-412", ""))
                + ": body: at /error: expected \"file_exists\", got \"conflict\"");
    }

    @Test
    void should_warn_in_the_should_case_but_pass_the_must_case_when_only_the_reason_text_is_wrong() {
        // given
        existingDatabase412With("reason", "Database already exists.");

        // when
        CaseResult exact = run("http.databases.create-existing-412-reason");
        CaseResult must = run("http.databases.create-existing-412");

        // then
        assertThat(exact.verdict()).as(exact.message()).isEqualTo(Verdict.WARN);
        assertThat(exact.message()).isEqualTo(label(firstStep("http.databases.create-existing-412-reason", ""))
                + ": body: at /reason: expected \"The database could not be created, the file already exists.\", got "
                + "\"Database already exists.\" (CouchDB 3.5.2's own, asked for by the exact profile)");
        assertThat(must.verdict()).as(must.message()).isEqualTo(Verdict.PASS);
    }

    @Test
    void should_warn_when_a_server_writes_a_double_in_another_layout_than_couchdbs() {
        // given: Java's and JavaScript's layout of 100000.0, where CouchDB writes 1.0e5
        fault(get(urlPathMatching("/couchtck-[a-z0-9_-]+/f")).atPriority(FAULT), ProxyFaults.BodyText.NAME, "from",
                "[1.0e5,", "to", "[100000.0,");

        // when
        CaseResult result = run("http.documents.float-format");

        // then
        assertDecidedAt(result, Verdict.WARN, CORPUS.find("http.documents.float-format").orElseThrow().steps().get(1),
                "body text: ");
    }

    // Views, reduce and ken: one fault each in the replies of views (ViewFaults), the cases written for it fail.

    private static final String VIEW_PATH = "/couchtck-[a-z0-9_-]+/_design/[^/]+/_view/[^/]+";

    /** Every request of a view of a case's database (GET, or POST with keys). */
    private static MappingBuilder viewsOfTheCasesDatabase() {
        return any(urlPathMatching(VIEW_PATH)).atPriority(FAULT);
    }

    /** Stubs {@code request} to go through the fault {@code name} with {@code parameters} (name, value, ...). */
    private static void fault(MappingBuilder request, String name, Object... parameters) {
        ResponseDefinitionBuilder reply = proxied().withTransformers(name);
        for (int i = 0; i < parameters.length; i += 2) {
            reply = reply.withTransformerParameter((String) parameters[i], parameters[i + 1]);
        }
        proxy.stubFor(request.willReturn(reply));
    }

    /** {@code result} has the verdict {@code verdict}, decided at {@code step}, whose message starts as given. */
    private static void assertDecidedAt(CaseResult result, Verdict verdict, HttpStep step, String messageStart) {
        assertThat(result.verdict()).as(result.message() + "\n" + transcript(result)).isEqualTo(verdict);
        assertThat(result.message()).startsWith(label(step) + ": " + messageStart);
        assertThat(result.failedStep()).isEqualTo(step.index());
    }

    /**
     * Runs the built-in case {@code id}, then each of {@code passing} through the same proxy: {@code id} has the
     * verdict {@code verdict}, decided at {@code step}, whose message starts as given; each of the others passes.
     */
    private CaseResult assertDecidedWhileOthersPass(String id, Verdict verdict, HttpStep step, String messageStart,
            String... passing) {
        CaseResult result = run(id);
        List<CaseResult> others = Stream.of(passing).map(this::run).toList();
        assertDecidedAt(result, verdict, step, messageStart);
        others.forEach(HttpFaultProofTest::assertPasses);
        return result;
    }

    private static void assertPasses(CaseResult result) {
        assertThat(result.verdict()).as(result.message() + "\n" + transcript(result)).isEqualTo(Verdict.PASS);
    }

    static Stream<Arguments> collationSlips() {
        String numberThenString = "{\"id\":\"k023\"}"; // 1.7976931348623157e308, the last number; "" comes next
        String stringThenNumber = "{\"id\":\"k035\"}"; // "", the last string descending; the greatest number next
        return Stream.of(
                Arguments.of("{\"key\":\"ab\"}", "http.views.collation-ascending", "body: at /rows/"),
                Arguments.of(numberThenString, "http.views.collation-ascending", "body: at /rows/"),
                Arguments.of("{\"key\":\"aB\"}", "http.views.collation-descending", "body: at /rows/"),
                Arguments.of(stringThenNumber, "http.views.collation-descending", "body: at /rows/"),
                Arguments.of("{\"key\":\"ab\"}", "http.views.range-prefix-ufff0", "body: at /rows/"),
                Arguments.of(numberThenString, "http.views.range-numbers-to-strings", "body: at /rows/"));
    }

    /**
     * Two neighbouring rows of different keys swapped in every view reply: "ab" and "aB" (ICU puts lowercase first),
     * or the greatest number and the empty string (numbers collate before strings). The collation case fails at its
     * view query; a case without those keys passes through the same proxy.
     */
    @ParameterizedTest(name = "{0} swapped with the next row -> {1}")
    @MethodSource("collationSlips")
    void should_fail_the_collation_cases_when_two_adjacent_rows_are_swapped(String match, String id, String fault) {
        // given
        fault(viewsOfTheCasesDatabase(), ViewFaults.ViewRows.NAME, "edit", "SWAP_WITH_NEXT", "match", match);

        // when, then
        assertDecidedWhileOthersPass(id, Verdict.FAIL, firstStep(id, "/_view/"), fault, "http.views.key-several-docs");
    }

    /**
     * Each number of a {@code _sum} view's reduced value 1 too high where the reduce covered more than one map row
     * (a rereduce slip); single-row groups, other reducers and {@code reduce=false} stay right.
     */
    static Stream<Arguments> rereducedSums() {
        return Stream.of(
                Arguments.of("http.reduce.sum-arrays-total", "body: at /rows/0/value/0: expected 37.5, got 38.5"),
                Arguments.of("http.reduce.sum-arrays-group", "body: at /rows/0/value/0: expected 11.5, got 12.5"),
                Arguments.of("http.reduce.sum-objects-total", "body: at /rows/0/value/"),
                Arguments.of("http.reduce.sum-objects-group", "body: at /rows/0/value/"),
                // [2023] holds one row and stays right; [2024] holds three
                Arguments.of("http.views.group-level-arrays", "body: at /rows/1/value: expected 9, got 10"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rereducedSums")
    void should_fail_the_sum_cases_when_a_rereduced_sum_is_one_too_high(String id, String fault) {
        // given
        fault(viewsOfTheCasesDatabase(), ViewFaults.ReducedValues.NAME, "reducer", "_sum", "edit",
                "PLUS_ONE_WHEN_REREDUCED");

        // when, then
        assertDecidedWhileOthersPass(id, Verdict.FAIL, firstStep(id, "/_view/"), fault, "http.reduce.count-total",
                "http.reduce.sum-arrays-inputs");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"http.reduce.stats-arrays-total", "http.reduce.stats-arrays-group",
            "http.reduce.stats-preaggregated-total", "http.reduce.stats-preaggregated-group"})
    void should_fail_the_stats_cases_when_sumsqr_is_missing(String id) {
        // given
        fault(viewsOfTheCasesDatabase(), ViewFaults.ReducedValues.NAME, "reducer", "_stats", "edit",
                "SUMSQR_DROPPED");

        // when, then
        CaseResult result = assertDecidedWhileOthersPass(id, Verdict.FAIL, firstStep(id, "/_view/"),
                "body: at /rows/0/value", "http.reduce.sum-arrays-total");
        assertThat(result.message()).contains("missing key \"sumsqr\"");
    }

    static Stream<Arguments> wrongEstimates() {
        return Stream.of(
                // 10 % is within 3 standard errors (at least 1) for 10 distinct keys: 11 for 10 is allowed
                Arguments.of("PLUS_TEN_PERCENT", "http.reduce.approx-count-distinct-10", Verdict.PASS),
                Arguments.of("PLUS_TEN_PERCENT", "http.reduce.approx-count-distinct-duplicates", Verdict.FAIL),
                Arguments.of("PLUS_TEN_PERCENT", "http.reduce.approx-count-distinct-20000", Verdict.FAIL),
                Arguments.of("PLUS_TEN_PERCENT", "http.reduce.approx-count-distinct-10-exact", Verdict.WARN),
                Arguments.of("PLUS_TEN_PERCENT", "http.reduce.approx-count-distinct-duplicates-exact", Verdict.WARN),
                Arguments.of("PLUS_TEN_PERCENT", "http.reduce.approx-count-distinct-20000-exact", Verdict.WARN),
                Arguments.of("PLUS_ONE", "http.reduce.approx-count-distinct-10", Verdict.PASS),
                Arguments.of("PLUS_ONE", "http.reduce.approx-count-distinct-duplicates", Verdict.PASS),
                Arguments.of("PLUS_ONE", "http.reduce.approx-count-distinct-20000", Verdict.PASS),
                Arguments.of("PLUS_ONE", "http.reduce.approx-count-distinct-10-exact", Verdict.WARN),
                Arguments.of("PLUS_ONE", "http.reduce.approx-count-distinct-duplicates-exact", Verdict.WARN),
                Arguments.of("PLUS_ONE", "http.reduce.approx-count-distinct-20000-exact", Verdict.WARN));
    }

    /**
     * An {@code _approx_count_distinct} estimate 10 % too high, or 1 too high: the MUST cases fail only where the
     * estimate leaves HyperLogLog's bound (3 standard errors, at least 1), the SHOULD cases that expect CouchDB's
     * very estimates warn for either.
     */
    @ParameterizedTest(name = "{0} -> {1}: {2}")
    @MethodSource("wrongEstimates")
    void should_judge_a_wrong_hll_estimate_by_the_cases_bound(String edit, String id, Verdict verdict) {
        // given
        fault(viewsOfTheCasesDatabase(), ViewFaults.ReducedValues.NAME, "reducer", "_approx_count_distinct",
                "edit", edit);

        // when
        CaseResult result = run(id);

        // then
        if (verdict == Verdict.PASS) {
            assertPasses(result);
        } else {
            assertDecidedAt(result, verdict, firstStep(id, "/_view/"), "body: at /rows/0/value: expected ");
        }
    }

    /** The replies that answer from an index as it is: {@code update=false} view queries and {@code _info}. */
    private static List<MappingBuilder> indexAsItIs() {
        return List.of(get(urlPathMatching(VIEW_PATH)).withQueryParam("update", equalTo("false")).atPriority(FAULT),
                get(urlPathMatching("/couchtck-[a-z0-9_-]+/_design/[^/]+/_info")).atPriority(FAULT));
    }

    /**
     * An index that is built only by a query that builds it: {@code update=false} and {@code _info} show it empty
     * for ever. The catch-up cases poll until their bound (120 s of a virtual clock: no real wait) and fail (MUST)
     * or warn (SHOULD, INFO); a default query, which builds the index, still passes.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"http.autoindex.bulk-write", "http.autoindex.ddoc-after-docs",
            "http.autoindex.incremental", "http.autoindex.view-after-bulk-write",
            "http.autoindex.view-ddoc-after-docs", "http.autoindex.view-incremental",
            "http.autoindex.autoupdate-other-type-false-builds-views", "http.autoindex.autoupdate-false-left-alone",
            "http.autoindex.autoupdate-views-false-left-alone", "http.autoindex.unknown-language-left-alone"})
    void should_catch_the_catch_up_cases_when_no_index_is_built_without_a_query(String id) {
        // given
        indexAsItIs().forEach(request -> fault(request, ViewFaults.NeverIndexed.NAME));
        executor = new HttpCaseExecutor(endpoint, HttpRunSettings.of(runId), new VirtualPollTimer());
        RequestStep poll = builtIn(id).steps().stream().filter(RequestStep.class::isInstance)
                .map(RequestStep.class::cast).filter(step -> step.poll().isPresent()).findFirst().orElseThrow();

        Poll bound = poll.poll().orElseThrow();
        long attempts = bound.withinMillis() / bound.everyMillis() + 1;

        // when, then
        assertDecidedWhileOthersPass(id, Verdict.broken(builtIn(id).level()), poll, "not as expected after "
                + attempts + " attempts in "
                + (attempts - 1) * bound.everyMillis() + " ms (poll every " + bound.everyMillis() + " ms within "
                + bound.withinMillis() + " ms); the last: body: at /",
                "http.autoindex.autoupdate-false-query-still-builds");
    }

    static Stream<Arguments> leftAlone() {
        return Stream.of(
                Arguments.of("http.autoindex.autoupdate-false-left-alone", "/_design/off/", Verdict.WARN),
                Arguments.of("http.autoindex.autoupdate-views-false-left-alone", "/_design/off/", Verdict.WARN),
                Arguments.of("http.autoindex.unknown-language-left-alone", "/_design/cobol/_info", Verdict.WARN),
                Arguments.of("http.autoindex.autoupdate-false-saved", "/_info", Verdict.WARN),
                Arguments.of("http.autoindex.unknown-language-saved", "/_info", Verdict.WARN));
    }

    /**
     * Every index looks built: {@code update=false} answers as a query that builds the index, {@code _info} says
     * the database's update sequence. The cases of design documents ken must leave alone warn (they are SHOULD and
     * INFO: a server may answer update=false from an index it brought up to date); a case whose index ken builds
     * passes through the same proxy.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("leftAlone")
    void should_catch_the_left_alone_cases_when_every_index_looks_built(String id, String path, Verdict verdict) {
        // given
        indexAsItIs().forEach(request -> fault(request, ViewFaults.AlwaysIndexed.NAME));
        executor = new HttpCaseExecutor(endpoint, HttpRunSettings.of(runId), new VirtualPollTimer());

        // when, then
        assertDecidedWhileOthersPass(id, verdict, firstStep(id, path), "body: at /",
                "http.autoindex.view-after-bulk-write");
    }

    /** Rows of a view query with {@code keys} sorted by key instead of in the order of the keys. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"http.views.keys-get-order-duplicates", "http.views.keys-post",
            "http.views.keys-post-include-docs", "http.views.keys-post-reduce-group", "http.reduce.count-keys-group"})
    void should_fail_the_keys_cases_when_rows_come_sorted_instead_of_in_keys_order(String id) {
        // given
        fault(get(urlPathMatching(VIEW_PATH)).withQueryParam("keys", matching(".*")).atPriority(FAULT),
                ViewFaults.KeysSorted.NAME);
        fault(post(urlPathMatching(VIEW_PATH)).atPriority(FAULT), ViewFaults.KeysSorted.NAME);

        // when
        CaseResult result = run(id);

        // then: at a row, or at the rows where the case allows several answers (keys-post-reduce-group)
        assertDecidedAt(result, Verdict.FAIL, firstStep(id, "/_view/"), "body: at /rows");
    }

    /** {@code group_level=N} answered as {@code group=true}. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"http.views.group-level-arrays", "http.views.group-level-range",
            "http.reduce.count-group-level-1", "http.reduce.count-group-level-2", "http.reduce.first-group-level",
            "http.reduce.last-group-level", "http.reduce.top-3-group-level", "http.reduce.bottom-3-group-level",
            "http.reduce.js--sum-group-level"})
    void should_fail_the_group_level_cases_when_group_level_is_ignored(String id) {
        // given
        fault(viewsOfTheCasesDatabase(), ViewFaults.GroupLevelIgnored.NAME);

        // when, then
        assertDecidedWhileOthersPass(id, Verdict.FAIL, firstStep(id, "group_level="), "body: at /rows",
                "http.reduce.count-group");
    }

    static Stream<Arguments> docsLeftOut() {
        return Stream.of(
                Arguments.of("http.views.include-docs", "{\"id\":\"d02\"}"),
                Arguments.of("http.views.include-docs-linked", "{\"id\":\"l1\"}"),
                Arguments.of("http.views.keys-post-include-docs", "{}"),
                Arguments.of("http.views.reduce-false-include-docs", "{}"));
    }

    /** The {@code doc} of a row of an {@code include_docs=true} reply left out (a {@code null} doc included). */
    @ParameterizedTest(name = "{0} without the doc of {1}")
    @MethodSource("docsLeftOut")
    void should_fail_the_include_docs_cases_when_a_doc_is_missing(String id, String match) {
        // given
        fault(viewsOfTheCasesDatabase(), ViewFaults.RowMemberDropped.NAME, "member", "doc", "match", match);

        // when, then
        CaseResult result = assertDecidedWhileOthersPass(id, Verdict.FAIL, firstStep(id, "include_docs=true"),
                "body: at /rows/", "http.views.key-several-docs");
        assertThat(result.message()).contains("missing key \"doc\"");
    }

    /** The 500 of a {@code _stats} view that cannot reduce its values, with another error name. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"http.reduce.stats-error-two-strings", "http.reduce.stats-error-bool",
            "http.reduce.stats-error-obj-missing-fields", "http.reduce.stats-array-then-number"})
    void should_catch_the_reduce_error_cases_when_the_error_name_is_wrong(String id) {
        // given
        fault(viewsOfTheCasesDatabase(), ProxyFaults.BodyField.NAME, "status", 500, "field", "error", "value",
                "query_server_error");

        // when
        CaseResult result = run(id);

        // then
        assertDecidedAt(result, Verdict.broken(builtIn(id).level()), firstStep(id, "/_view/"),
                "body: at /error: expected \"invalid_value\", got \"query_server_error\"");
    }

    /** A {@code builtin_reduce_error} row value of {@code _sum} named {@code reduce_error}: the SHOULD cases warn. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"http.reduce.sum-strings-error", "http.reduce.sum-overflow",
            "http.reduce.sum-object-string-value"})
    void should_warn_in_the_sum_error_cases_when_the_error_value_is_misnamed(String id) {
        // given
        fault(viewsOfTheCasesDatabase(), ViewFaults.ReducedValues.NAME, "reducer", "_sum", "edit", "ERROR_RENAMED");

        // when, then
        assertDecidedWhileOthersPass(id, Verdict.WARN, firstStep(id, "/_view/"),
                "body: at /rows/0/value/error: expected \"builtin_reduce_error\", got \"reduce_error\"",
                "http.reduce.sum-arrays-total");
    }

    // Design documents: one fault each in the replies of shows, lists, _bulk_docs and selector filters (DesignFaults).

    @Test
    void should_fail_when_a_show_loses_the_headers_it_returned() {
        // given: the show's reply without its X-Rec header
        proxy.stubFor(get(urlPathMatching("/couchtck-[a-z0-9_-]+/_design/d/_show/headers/doc1")).atPriority(FAULT)
                .willReturn(proxied().withTransformers(DesignFaults.HeaderDropped.NAME)
                        .withTransformerParameter("header", "X-Rec")));
        String id = "http.ddoc.show-code-headers";
        HttpStep show = firstStep(id, "/_show/");

        // when
        CaseResult result = run(id);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith(label(show) + ": header X-Rec");
        assertThat(result.failedStep()).isEqualTo(show.index());
    }

    @Test
    void should_fail_when_a_list_sends_its_chunks_out_of_order() {
        // given: the list's rows 1:2 and 2:4 (its second and third chunks) swapped
        proxy.stubFor(get(urlPathMatching("/couchtck-[a-z0-9_-]+/_design/d/_list/basic/by_n")).atPriority(FAULT)
                .willReturn(proxied().withTransformers(DesignFaults.ChunksReordered.NAME)
                        .withTransformerParameter("first", 1)));
        String id = "http.ddoc.list-basic";
        HttpStep list = firstStep(id, "/_list/");

        // when
        CaseResult result = run(id);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith(label(list) + ": body text").contains("got \"total=5 offset=0\\n2:4\\n1:2");
        assertThat(result.failedStep()).isEqualTo(list.index());
    }

    @Test
    void should_fail_when_bulk_docs_ignores_validate_doc_update() {
        // given: the rows validate_doc_update refused, answered as saved
        proxy.stubFor(post(urlPathMatching("/couchtck-[a-z0-9_-]+/_bulk_docs")).atPriority(FAULT)
                .willReturn(proxied().withTransformers(DesignFaults.RejectionAccepted.NAME)));
        String id = "http.ddoc.validate-bulk-docs";
        HttpStep bulk = firstStep(id, "/_bulk_docs");

        // when
        CaseResult result = run(id);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith(label(bulk) + ": body: at /1");
        assertThat(result.failedStep()).isEqualTo(bulk.index());
    }

    @Test
    void should_fail_when_a_selector_filter_evaluates_an_operator_as_its_opposite() {
        // given: $gt evaluated as $lte, so {"n": {"$gt": 2}} passes a and b instead of c, d and e
        proxy.stubFor(post(urlPathMatching("/couchtck-[a-z0-9_-]+/_changes")).atPriority(FAULT)
                .withQueryParam("filter", equalTo("_selector"))
                .willReturn(proxied().withTransformers(DesignFaults.SelectorInverted.NAME)
                        .withTransformerParameter("from", "$gt").withTransformerParameter("to", "$lte")));
        String id = "http.ddoc.selector-comparison";
        HttpStep filtered = firstStep(id, "filter=_selector");

        // when
        CaseResult result = run(id);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith(label(filtered) + ": body: at /results");
        assertThat(result.failedStep()).isEqualTo(filtered.index());
    }

    // A live /_db_updates feed: only the client ends it, so WireMock cannot proxy it; a stub plays the recording.

    /**
     * The body of CouchDB 3.5.2's continuous /_db_updates feed in {@code shared/couchdb-http/db_updates/
     * db_updates.continuous.json} (since=now, heartbeat=500; a database created, written and deleted a second apart;
     * closed by the client at 4.5 s), chunk by chunk, with the scenario's database renamed to {@code %1$s}. The other
     * databases' events stay: among them the deletion of another database.
     */
    private static final List<String> RECORDED_DB_UPDATES = List.of(
            "{\"db_name\":\"rec-db_updates-longpoll-lp\",\"type\":\"deleted\",\"seq\":\"473-g1AAAACeeJzLYWBgYMpgTmEQTM4"
                    + "vTc5ISXIwNDLXMwBCwxyQVCJDUv3___-zMpiTGBgYZXOBYuzJqUlpacbG2PTgMSmPBUgyNACp_xADE_eATbMwTTUzM0vCpi8LAJY"
                    + "4KZM\"}\n",
            "{\"db_name\":\"_dbs\",\"type\":\"updated\",\"seq\":\"474-g1AAAACeeJzLYWBgYMpgTmEQTM4vTc5ISXIwNDLXMwBCwxyQVC"
                    + "JDUv3___-zMpiTGBgY5XKBYuzJqUlpacbG2PTgMSmPBUgyNACp_xADE_eATbMwTTUzM0vCpi8LAJaoKZQ\"}\n",
            "{\"db_name\":\"%1$s\",\"type\":\"created\",\"seq\":\"475-g1AAAACeeJzLYWBgYMpgTmEQTM4vTc5ISXIwNDLXMwBCwxyQVC"
                    + "JDUv3___-zMpiTGBgY5XKBYuzJqUlpacbG2PTgMSmPBUgyNACp_xADE_eCTbMwTTUzM0vCpi8LAJbKKZU\"}\n",
            "{\"db_name\":\"_dbs\",\"type\":\"updated\",\"seq\":\"476-g1AAAACeeJzLYWBgYMpgTmEQTM4vTc5ISXIwNDLXMwBCwxyQVC"
                    + "JDUv3___-zMpiTGBgY5XOBYuzJqUlpacbG2PTgMSmPBUgyNACp_xADE_eCTbMwTTUzM0vCpi8LAJc6KZY\"}\n",
            "\n",
            "{\"db_name\":\"%1$s\",\"type\":\"updated\",\"seq\":\"477-g1AAAACeeJzLYWBgYMpgTmEQTM4vTc5ISXIwNDLXMwBCwxyQVC"
                    + "JDUv3___-zMpiTGBgY5XOBYuzJqUlpacbG2PTgMSmPBUgyNACp_xADE_eBTbMwTTUzM0vCpi8LAJdcKZc\"}\n",
            "\n",
            "{\"db_name\":\"_dbs\",\"type\":\"updated\",\"seq\":\"478-g1AAAACeeJzLYWBgYMpgTmEQTM4vTc5ISXIwNDLXMwBCwxyQVC"
                    + "JDUv3___-zMpiTGBgYFXKBYuzJqUlpacbG2PTgMSmPBUgyNACp_xADE_eBTbMwTTUzM0vCpi8LAJfMKZg\"}\n",
            "{\"db_name\":\"%1$s\",\"type\":\"deleted\",\"seq\":\"479-g1AAAACeeJzLYWBgYMpgTmEQTM4vTc5ISXIwNDLXMwBCwxyQVC"
                    + "JDUv3___-zMpiTGBgYFXKBYuzJqUlpacbG2PTgMSmPBUgyNACp_xADE_eDTbMwTTUzM0vCpi8LAJfuKZk\"}\n",
            "\n",
            "\n",
            "\n");

    /**
     * A stub that plays the recorded continuous /_db_updates body for the case's database {@code x} (the executor's
     * first case names it {@code couchtck-<run>-1-x}) over 4.5 s, as recorded, without the chunks {@code leftOut}
     * says. The case's own writes still go through the proxy to the reference endpoint.
     */
    private void recordedDbUpdates(Predicate<String> leftOut) {
        String db = "couchtck-" + runId + "-1-x";
        String body = RECORDED_DB_UPDATES.stream().filter(leftOut.negate()).map(chunk -> chunk.formatted(db))
                .collect(Collectors.joining());
        proxy.stubFor(get(urlPathEqualTo("/_db_updates")).withQueryParam("feed", equalTo("continuous"))
                .atPriority(FAULT).willReturn(aResponse().withStatus(200)
                        .withHeader("Content-Type", "application/json").withHeader("Cache-Control", "must-revalidate")
                        .withBody(body).withChunkedDribbleDelay(RECORDED_DB_UPDATES.size(), 4500)));
    }

    @Test
    void should_pass_when_a_stub_plays_the_recorded_db_updates_feed() {
        // given
        recordedDbUpdates(chunk -> false);

        // when
        CaseResult result = run("http.db_updates.own-events-continuous");

        // then
        assertThat(result.verdict()).as(result.message() + "\n" + transcript(result)).isEqualTo(Verdict.PASS);
    }

    @Test
    void should_fail_when_the_db_updates_feed_forgets_the_deletion_of_the_cases_database() {
        // given: the recording without the own database's deleted event (another database's deletion stays)
        recordedDbUpdates(chunk -> chunk.startsWith("{\"db_name\":\"%1$s\",\"type\":\"deleted\""));

        // when
        CaseResult result = run("http.db_updates.own-events-continuous");

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith(label(firstStep("http.db_updates.own-events-continuous", "/_db_updates"))
                + ": body text: expected a string matching ").contains("\"type\"\\s*:\\s*\"deleted\"");
        assertThat(transcript(result)).contains("\"type\":\"deleted\"", "couchtck-" + runId + "-1-x");
    }

    // Threads and sockets.

    @Test
    void should_fail_when_db_updates_since_now_lists_past_events() {
        // given: a server that reads since=now as since=0, so that its reply lists every event so far
        proxy.stubFor(get(urlEqualTo("/_db_updates?since=now")).atPriority(FAULT).willReturn(aResponse()
                .proxiedFrom(reference.uri() + "/_db_updates?since=0")
                .withProxyUrlPrefixToRemove("/_db_updates?since=now")));
        String id = "http.db_updates.normal-since-now";
        HttpStep sinceNow = firstStep(id, "since=now");

        // when
        CaseResult result = run(id);

        // then: the case's own database, created before, is among them
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith(label(sinceNow) + ": body text");
    }

    @Test
    void should_fail_when_every_db_updates_feed_forgets_the_deletion_of_the_cases_database() {
        // given: the reference's /_db_updates replies (the feeds of this case end by themselves, so WireMock can
        // buffer them) without their deleted events
        proxy.stubFor(get(urlPathMatching("/_db_updates")).atPriority(FAULT).willReturn(proxied()
                .withTransformers(ProxyFaults.FeedRows.NAME).withTransformerParameter("edit", "DROP")
                .withTransformerParameter("match", "{\"type\":\"deleted\"}")));
        String id = "http.db_updates.own-deleted-since";
        HttpStep feed = firstStep(id, "feed=continuous");

        // when
        CaseResult result = run(id);

        // then
        assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.FAIL);
        assertThat(result.message()).startsWith(label(feed) + ": body text");
    }

    private static Set<Thread> liveThreads() {
        return new HashSet<>(Thread.getAllStackTraces().keySet());
    }

    /**
     * The names of the threads alive now that are not in {@code before} and match {@code watched}: none once they all
     * ended, else those still alive when {@code patience} (10 s by default) ran out.
     */
    private static Set<String> awaitEnded(Set<Thread> before, Predicate<String> watched) {
        return awaitEnded(before, watched, Duration.ofSeconds(10));
    }

    private static Set<String> awaitEnded(Set<Thread> before, Predicate<String> watched, Duration patience) {
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            Set<String> alive = liveThreads().stream().filter(t -> !before.contains(t) && t.isAlive())
                    .map(Thread::getName).filter(watched).collect(Collectors.toSet());
            if (alive.isEmpty() || System.nanoTime() > deadline) {
                return alive;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return alive;
            }
        }
    }

    /**
     * Java 17's HttpClient, which other clients in this JVM may use, has no close: its selector thread ends only once
     * the client is collected; every other thread must have ended.
     */
    private static boolean jdkHttpClientSelector(String threadName) {
        return threadName.startsWith("HttpClient-") && threadName.endsWith("-SelectorManager");
    }

    private static void connect(String host, int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 2_000);
        }
    }
}
