package org.couchtck.kit.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.couchtck.kit.endpoint.HttpFixtures.fixture;

import java.util.stream.Stream;
import org.couchtck.kit.cases.FixtureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class HttpFixtureParserTest {

    private static final String FILE = "fixtures/http/t.json";

    /** The problem loading one case with {@code fields} (the case's JSON members after id and level) raises. */
    private static FixtureException problemWith(String fields) {
        String text = fixture("t", "[{\"id\":\"http.t.bad\",\"level\":\"MUST\",\"description\":\"d\"," + fields + "}]");
        FixtureException e = catchThrowableOfType(() -> new HttpFixtureParser(FILE).parse(text),
                FixtureException.class);
        assertThat(e).as("loading should fail: " + fields).isNotNull();
        return e;
    }

    static Stream<Arguments> malformedCases() {
        return Stream.of(
                Arguments.of("a timeout of no time",
                        "\"steps\":[{\"request\":{\"path\":\"/\"},\"timeout\":0}]",
                        "/cases/0/steps/0/timeout", "timeout is a whole number of milliseconds, 1 to 300000"),
                Arguments.of("a timeout that is no number",
                        "\"steps\":[{\"request\":{\"path\":\"/\"},\"timeout\":\"60s\"}]",
                        "/cases/0/steps/0/timeout", "timeout is a whole number of milliseconds, 1 to 300000"),
                Arguments.of("an unknown field in a feed's expect",
                        "\"steps\":[{\"feed\":{\"kind\":\"continuous\",\"path\":\"/{{db}}/_changes\"},"
                                + "\"expect\":{\"evnets\":[]}}]",
                        "/cases/0/steps/0/expect/evnets", "unknown field 'evnets'"),
                Arguments.of("an unknown field in a request",
                        "\"steps\":[{\"request\":{\"path\":\"/\",\"hedaers\":{}}}]",
                        "/cases/0/steps/0/request/hedaers", "unknown field 'hedaers'"),
                Arguments.of("a step with both request and feed",
                        "\"steps\":[{\"request\":{\"path\":\"/\"},\"feed\":{\"kind\":\"normal\",\"path\":\"/\"}}]",
                        "/cases/0/steps/0", "exactly one of request and feed"),
                Arguments.of("a variable used before a step captures it",
                        "\"steps\":[{\"request\":{\"path\":\"/{{db}}/a?rev={{rev}}\"}},"
                                + "{\"request\":{\"path\":\"/{{db}}/a\"},\"capture\":{\"rev\":\"/rev\"}}]",
                        "/cases/0/steps/0/request/path", "{{rev}} is not bound here"),
                Arguments.of("a step's own capture used in its expectation",
                        "\"steps\":[{\"request\":{\"path\":\"/{{db}}/a\"},\"expect\":{\"body\":{\"_rev\":\"{{rev}}\"}},"
                                + "\"capture\":{\"rev\":\"/_rev\"}}]",
                        "/cases/0/steps/0/expect/body/_rev", "{{rev}} is not bound here"),
                Arguments.of("a during capture used in the feed's own request",
                        "\"steps\":[{\"feed\":{\"kind\":\"continuous\",\"path\":\"/{{db}}/_changes?since={{s}}\"},"
                                + "\"during\":[{\"request\":{\"path\":\"/{{db}}\"},\"capture\":{\"s\":\"/update_seq\"}}]}]",
                        "/cases/0/steps/0/feed/path", "{{s}} is not bound here"),
                Arguments.of("an unbound variable in a user's name",
                        "\"steps\":[{\"request\":{\"path\":\"/\",\"auth\":\"user:{{someone}}:pw\"}}]",
                        "/cases/0/steps/0/request/auth", "{{someone}} is not bound here"),
                Arguments.of("anyOf with one alternative",
                        "\"steps\":[{\"feed\":{\"kind\":\"normal\",\"path\":\"/\"},"
                                + "\"expect\":{\"anyOf\":[{\"status\":200}]}}]",
                        "/cases/0/steps/0/expect/anyOf", "two or more"),
                Arguments.of("anyOf inside an alternative",
                        "\"steps\":[{\"feed\":{\"kind\":\"normal\",\"path\":\"/\"},"
                                + "\"expect\":{\"anyOf\":[{\"status\":200},{\"anyOf\":[{},{}]}]}}]",
                        "/cases/0/steps/0/expect/anyOf/1/anyOf", "no anyOf of its own"),
                Arguments.of("a variable name that is not one",
                        "\"steps\":[{\"request\":{\"path\":\"/\",\"body\":{\"a\":[\"{{Db}}\"]}}}]",
                        "/cases/0/steps/0/request/body/a/0", "'{{Db}}' is not a variable"),
                Arguments.of("a matcher of the wrong notation",
                        "\"steps\":[{\"feed\":{\"kind\":\"eventsource\",\"path\":\"/\"},"
                                + "\"expect\":{\"heartbeats\":{\"$atLeast\":\"one\"}}}]",
                        "/cases/0/steps/0/expect/heartbeats/$atLeast", "expected a number"),
                Arguments.of("a header the client sets itself",
                        "\"steps\":[{\"request\":{\"path\":\"/\",\"headers\":{\"Host\":\"example.org\"}}}]",
                        "/cases/0/steps/0/request/headers/Host", "sets Host itself"),
                Arguments.of("an expected header given twice",
                        "\"steps\":[{\"request\":{\"path\":\"/\"},\"expect\":{\"headers\":{\"ETag\":1,\"etag\":2}}}]",
                        "/cases/0/steps/0/expect/headers/etag", "given twice"),
                Arguments.of("a path that is no URI",
                        "\"steps\":[{\"request\":{\"path\":\"/{{db}}/a doc\"}}]",
                        "/cases/0/steps/0/request/path", "not a valid path and query"),
                Arguments.of("a path without its slash",
                        "\"steps\":[{\"request\":{\"path\":\"{{db}}\"}}]",
                        "/cases/0/steps/0/request/path", "a path starts with /"),
                Arguments.of("an unknown feed kind",
                        "\"steps\":[{\"feed\":{\"kind\":\"live\",\"path\":\"/\"}}]",
                        "/cases/0/steps/0/feed/kind", "kind must be one of [continuous, eventsource, longpoll, normal]"),
                Arguments.of("a capture into a database name",
                        "\"steps\":[{\"request\":{\"path\":\"/\"},\"capture\":{\"db\":\"/x\"}}]",
                        "/cases/0/steps/0/capture/db", "names a database of the case"),
                Arguments.of("a capture from something no feed delivers",
                        "\"steps\":[{\"feed\":{\"kind\":\"normal\",\"path\":\"/\"},\"capture\":{\"x\":\"/results/0\"}}]",
                        "/cases/0/steps/0/capture/x", "a feed captures from"),
                Arguments.of("a capture that is no JSON pointer",
                        "\"steps\":[{\"request\":{\"path\":\"/\"},\"capture\":{\"x\":\"rev\"}}]",
                        "/cases/0/steps/0/capture/x", "not a JSON pointer"),
                Arguments.of("an ended that is neither server nor client",
                        "\"steps\":[{\"feed\":{\"kind\":\"longpoll\",\"path\":\"/\"},\"expect\":{\"ended\":\"kit\"}}]",
                        "/cases/0/steps/0/expect/ended", "ended is \"server\" or \"client\""),
                Arguments.of("an until without a positive bound",
                        "\"steps\":[{\"feed\":{\"kind\":\"longpoll\",\"path\":\"/\"},\"until\":{\"within\":0}}]",
                        "/cases/0/steps/0/until/within", "positive whole number"),
                Arguments.of("a feed nested in during",
                        "\"steps\":[{\"feed\":{\"kind\":\"longpoll\",\"path\":\"/\"},"
                                + "\"during\":[{\"feed\":{\"kind\":\"longpoll\",\"path\":\"/\"}}]}]",
                        "/cases/0/steps/0/during/0", "feeds do not nest"),
                Arguments.of("a quiet that is neither a boolean nor externals",
                        "\"quiet\":\"yes\",\"steps\":[{\"request\":{\"path\":\"/\"}}]",
                        "/cases/0/quiet", "quiet is true, false or \"externals\""),
                Arguments.of("a quiet externals case that needs no externals feature",
                        "\"quiet\":\"externals\",\"steps\":[{\"request\":{\"path\":\"/\"}}]",
                        "/cases/0/quiet", "needs an externals.* feature, and this one needs none"),
                Arguments.of("an after longer than a minute",
                        "\"steps\":[{\"request\":{\"path\":\"/\"},\"after\":60001}]",
                        "/cases/0/steps/0/after", "0 to 60000"),
                Arguments.of("a negative after",
                        "\"steps\":[{\"request\":{\"path\":\"/\"},\"after\":-1}]",
                        "/cases/0/steps/0/after", "0 to 60000"),
                Arguments.of("a bad auth",
                        "\"steps\":[{\"request\":{\"path\":\"/\",\"auth\":\"root\"}}]",
                        "/cases/0/steps/0/request/auth", "auth is \"admin\", \"none\", \"bad\""),
                Arguments.of("auth beside an Authorization header",
                        "\"steps\":[{\"request\":{\"path\":\"/\",\"headers\":{\"authorization\":\"Basic x\"},"
                                + "\"auth\":\"none\"}}]",
                        "/cases/0/steps/0/request/auth", "exclude each other"),
                Arguments.of("body and bodyText together",
                        "\"steps\":[{\"request\":{\"path\":\"/\",\"body\":{},\"bodyText\":\"{\"}}]",
                        "/cases/0/steps/0/request/bodyText", "body or bodyText, not both"),
                Arguments.of("a database name CouchDB refuses",
                        "\"databases\":[\"Db\"],\"steps\":[{\"request\":{\"path\":\"/\"}}]",
                        "/cases/0/databases/0", "lowercase"),
                Arguments.of("a name both a database and a name",
                        "\"databases\":[\"db\"],\"names\":[\"db\"],\"steps\":[{\"request\":{\"path\":\"/\"}}]",
                        "/cases/0/names/0", "already bound"),
                Arguments.of("a recording that is no scenario id",
                        "\"recording\":\"continuous writes\",\"steps\":[{\"request\":{\"path\":\"/\"}}]",
                        "/cases/0/recording", "not a scenario id"),
                Arguments.of("a poll without its bound",
                        "\"steps\":[{\"request\":{\"path\":\"/\"},\"expect\":{\"status\":200},"
                                + "\"poll\":{\"every\":500}}]",
                        "/cases/0/steps/0/poll/within", "poll needs within"),
                Arguments.of("a poll every 0 ms",
                        "\"steps\":[{\"request\":{\"path\":\"/\"},\"expect\":{\"status\":200},"
                                + "\"poll\":{\"every\":0,\"within\":1000}}]",
                        "/cases/0/steps/0/poll/every", "every is a positive whole number of milliseconds"),
                Arguments.of("a poll bound that is no whole number",
                        "\"steps\":[{\"request\":{\"path\":\"/\"},\"expect\":{\"status\":200},"
                                + "\"poll\":{\"every\":500,\"within\":\"1m\"}}]",
                        "/cases/0/steps/0/poll/within", "within is a positive whole number of milliseconds"),
                Arguments.of("a poll bound shorter than its period",
                        "\"steps\":[{\"request\":{\"path\":\"/\"},\"expect\":{\"status\":200},"
                                + "\"poll\":{\"every\":500,\"within\":100}}]",
                        "/cases/0/steps/0/poll/within", "within (100 ms) is less than every (500 ms)"),
                Arguments.of("an unknown field in a poll",
                        "\"steps\":[{\"request\":{\"path\":\"/\"},\"expect\":{\"status\":200},"
                                + "\"poll\":{\"every\":500,\"within\":1000,\"times\":3}}]",
                        "/cases/0/steps/0/poll/times", "unknown field 'times'"),
                Arguments.of("a poll without an expectation",
                        "\"steps\":[{\"request\":{\"path\":\"/\"},\"poll\":{\"every\":500,\"within\":1000}}]",
                        "/cases/0/steps/0/poll", "a polling step needs an expect"),
                Arguments.of("a poll in a feed's during",
                        "\"steps\":[{\"feed\":{\"kind\":\"longpoll\",\"path\":\"/\"},"
                                + "\"during\":[{\"request\":{\"path\":\"/\"},\"expect\":{\"status\":200},"
                                + "\"poll\":{\"every\":500,\"within\":1000}}]}]",
                        "/cases/0/steps/0/during/0/poll", "unknown field 'poll'"),
                Arguments.of("no steps",
                        "\"steps\":[]",
                        "/cases/0/steps", "non-empty array"),
                Arguments.of("a request to an unknown recipient",
                        "\"steps\":[{\"request\":{\"path\":\"/\",\"to\":\"proxy\"}}]",
                        "/cases/0/steps/0/request/to", "to is \"endpoint\", \"backend\" or \"ini\""),
                Arguments.of("a request to the backend in a case without externals.backend",
                        "\"steps\":[{\"request\":{\"path\":\"/\",\"to\":\"backend\"}}]",
                        "/cases/0/capabilities", "list externals.backend"),
                Arguments.of("a variable of the Externals API in a case without externals.backend",
                        "\"steps\":[{\"request\":{\"path\":\"/?u={{backend}}\"}}]",
                        "/cases/0/capabilities", "{{backend}}): list externals.backend"),
                Arguments.of("a change of the ini in a case without externals.ini",
                        "\"capabilities\":[\"externals.backend\"],\"steps\":[{\"request\":{\"method\":\"PUT\","
                                + "\"path\":\"/os_daemons/x\",\"body\":\"{{program_boot_reporter}} u exit\","
                                + "\"to\":\"ini\"}}]",
                        "/cases/0/capabilities", "list externals.ini"),
                Arguments.of("an externals capability the kit does not know",
                        "\"capabilities\":[\"externals.proxies\"],\"steps\":[{\"request\":{\"path\":\"/\"}}]",
                        "/cases/0/capabilities/0", "not a feature of the Externals API"),
                Arguments.of("a GET to the ini",
                        "\"capabilities\":[\"externals.ini\"],"
                                + "\"steps\":[{\"request\":{\"path\":\"/a/b\",\"to\":\"ini\"}}]",
                        "/cases/0/steps/0/request/method", "PUT (set a value) or DELETE"),
                Arguments.of("a PUT to the ini whose value is no string",
                        "\"capabilities\":[\"externals.ini\"],\"steps\":[{\"request\":{\"method\":\"PUT\","
                                + "\"path\":\"/a/b\",\"body\":1,\"to\":\"ini\"}}]",
                        "/cases/0/steps/0/request/body", "a JSON string body"),
                Arguments.of("a request to the ini with a query",
                        "\"capabilities\":[\"externals.ini\"],\"steps\":[{\"request\":{\"method\":\"DELETE\","
                                + "\"path\":\"/a/b?x=1\",\"to\":\"ini\"}}]",
                        "/cases/0/steps/0/request/path", "the path /section/key"),
                Arguments.of("a chunked request without a body",
                        "\"steps\":[{\"request\":{\"method\":\"POST\",\"path\":\"/\",\"chunked\":true}}]",
                        "/cases/0/steps/0/request/chunked", "a body or bodyText to send in chunks"),
                Arguments.of("a Transfer-Encoding header of the fixture's own",
                        "\"steps\":[{\"request\":{\"method\":\"POST\",\"path\":\"/\",\"bodyText\":\"x\","
                                + "\"headers\":{\"Transfer-Encoding\":\"chunked\"}}}]",
                        "/cases/0/steps/0/request/headers/Transfer-Encoding", "sets Transfer-Encoding itself"),
                Arguments.of("a capture into a variable of the Externals API",
                        "\"steps\":[{\"request\":{\"path\":\"/\"},\"capture\":{\"backend\":\"/x\"}}]",
                        "/cases/0/steps/0/capture/backend", "a variable of the Externals API"),
                Arguments.of("a cleanup step that expects something",
                        "\"steps\":[{\"request\":{\"path\":\"/\"}}],"
                                + "\"cleanup\":[{\"request\":{\"path\":\"/\"},\"expect\":{\"status\":200}}]",
                        "/cases/0/cleanup/0/expect", "unknown field 'expect'"),
                Arguments.of("a cleanup step that uses what a step captured",
                        "\"steps\":[{\"request\":{\"path\":\"/\"},\"capture\":{\"x\":\"/x\"}}],"
                                + "\"cleanup\":[{\"request\":{\"method\":\"DELETE\",\"path\":\"/{{x}}\"}}]",
                        "/cases/0/cleanup/0/request/path", "{{x}} is not bound here"));
    }

    @Test
    void should_load_cleanup_steps_and_requests_to_the_kits_stand_ins() {
        // given
        String text = fixture("t", """
                [{"id": "http.t.stand-ins", "level": "MUST", "description": "d",
                  "capabilities": ["externals.backend", "externals.ini"], "names": ["late"],
                  "steps": [
                    {"request": {"method": "PUT", "path": "/os_daemons/{{late}}", "to": "ini",
                                 "body": "{{program_boot_reporter}} {{backend}}/couchtck/boots/{{late}} stay"}},
                    {"request": {"method": "POST", "path": "/__admin/requests/count", "to": "backend",
                                 "body": {"url": "/couchtck/boots/{{late}}"}}, "expect": {"status": 200}},
                    {"request": {"method": "POST", "path": "/_couchtck_proxy/x", "bodyText": "abc",
                                 "chunked": true}}],
                  "cleanup": [{"request": {"method": "DELETE", "path": "/os_daemons/{{late}}", "to": "ini"},
                               "after": 10}]}]
                """);

        // when
        HttpCase c = new HttpFixtureParser(FILE).parse(text).get(0).testCase();

        // then
        assertThat(c.steps()).extracting(s -> s.request().to())
                .containsExactly(Recipient.INI, Recipient.BACKEND, Recipient.ENDPOINT);
        assertThat(c.steps().get(2).request().chunked()).isTrue();
        assertThat(c.steps().get(0).request().shown()).isEqualTo("(to ini) PUT /os_daemons/{{late}}");
        assertThat(c.cleanup()).singleElement().satisfies(step -> {
            assertThat(step.request().shown()).isEqualTo("(to ini) DELETE /os_daemons/{{late}}");
            assertThat(step.afterMillis()).isEqualTo(10);
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedCases")
    void should_name_file_case_and_pointer_when_a_fixture_is_malformed(String what, String fields, String pointer,
            String message) {
        // when
        FixtureException e = problemWith(fields);

        // then
        assertThat(e.file()).isEqualTo(FILE);
        assertThat(e.caseId()).isEqualTo("http.t.bad");
        assertThat(e.pointer()).isEqualTo(pointer);
        assertThat(e.getMessage()).startsWith(FILE + ": case http.t.bad: " + pointer + ": ").contains(message);
    }

    @Test
    void should_reject_an_id_whose_section_is_not_the_files() {
        // given
        String text = fixture("t", "[{\"id\":\"http.other.x\",\"level\":\"MUST\",\"description\":\"d\","
                + "\"steps\":[{\"request\":{\"path\":\"/\"}}]}]");

        // when
        FixtureException e = catchThrowableOfType(() -> new HttpFixtureParser(FILE).parse(text),
                FixtureException.class);

        // then
        assertThat(e.pointer()).isEqualTo("/cases/0/id");
        assertThat(e).hasMessageContaining("the id's section 'other' differs from the file's section 't'");
    }

    @Test
    void should_reject_a_query_server_id_in_an_http_file() {
        // given
        String text = fixture("t", "[{\"id\":\"qs.t.x\",\"level\":\"MUST\",\"description\":\"d\","
                + "\"steps\":[{\"request\":{\"path\":\"/\"}}]}]");

        // when
        FixtureException e = catchThrowableOfType(() -> new HttpFixtureParser(FILE).parse(text),
                FixtureException.class);

        // then
        assertThat(e.caseId()).isEqualTo("qs.t.x");
        assertThat(e).hasMessageContaining("id must be http.<section>.<name>");
    }

    @Test
    void should_name_line_and_column_when_a_key_is_duplicated() {
        // given
        String text = "{\"section\":\"t\",\n\"section\":\"t\",\"cases\":[]}";

        // when
        FixtureException e = catchThrowableOfType(() -> new HttpFixtureParser(FILE).parse(text),
                FixtureException.class);

        // then
        assertThat(e).hasMessageStartingWith(FILE + ": malformed JSON at line 2").hasMessageContaining("section");
    }

    @Test
    void should_load_a_polling_step_with_its_period_and_bound() {
        // given
        String text = fixture("t", """
                [{"id": "http.t.poll", "level": "MUST", "description": "d",
                  "steps": [{"request": {"path": "/{{db}}/_design/d/_info"},
                             "expect": {"body": {"view_index": {"$any": true}, "name": "d"}},
                             "poll": {"every": 250, "within": 60000}},
                            {"request": {"path": "/{{db}}"}}]}]
                """);

        // when
        var steps = new HttpFixtureParser(FILE).parse(text).get(0).testCase().steps();

        // then
        assertThat(((RequestStep) steps.get(0)).poll()).contains(new Poll(250, 60000));
        assertThat(((RequestStep) steps.get(1)).poll()).isEmpty();
    }

    @Test
    void should_let_the_feed_expectation_use_what_its_during_steps_captured() {
        // given
        String text = fixture("t", """
                [{"id": "http.t.ok", "level": "MUST", "description": "d",
                  "steps": [{"feed": {"kind": "continuous", "path": "/{{db}}/_changes?feed=continuous"},
                             "during": [{"request": {"method": "PUT", "path": "/{{db}}/a", "body": {}},
                                         "capture": {"rev": "/rev"}}],
                             "expect": {"events": [{"id": "a", "changes": [{"rev": "{{rev}}"}]}]},
                             "capture": {"seq": "/events/0/seq"}},
                            {"request": {"path": "/{{db}}/_changes?since={{seq}}&rev={{rev}}"}}]}]
                """);

        // when
        var loaded = new HttpFixtureParser(FILE).parse(text);

        // then
        assertThat(loaded).singleElement().satisfies(l -> assertThat(l.testCase().steps()).hasSize(2));
    }

    @Test
    void aRevisionAnExpectationBindsIsBoundForTheStepsAfterIt() {
        // given
        String text = fixture("t", """
                [{"id": "http.t.ok", "level": "MUST", "description": "d", "profile": "exact",
                  "steps": [{"request": {"method": "PUT", "path": "/{{db}}/a", "body": {}},
                             "expect": {"body": {"rev": {"$rev": {"gen": 1, "as": "ra"}}}}},
                            {"request": {"method": "DELETE", "path": "/{{db}}/a?rev={{ra}}"}}]}]
                """);

        // when
        var loaded = new HttpFixtureParser(FILE).parse(text);

        // then
        assertThat(loaded).singleElement().satisfies(l -> {
            assertThat(l.testCase().steps()).hasSize(2);
            assertThat(l.testCase().profile()).isEqualTo(org.couchtck.kit.cases.Conformance.EXACT);
        });
    }

    @Test
    void aRevisionAnExpectationBindsIsNotBoundForItsOwnRequest() {
        FixtureException e = problemWith("\"steps\":[{\"request\":{\"method\":\"DELETE\",\"path\":\"/{{db}}/a?rev="
                + "{{ra}}\"},\"expect\":{\"body\":{\"rev\":{\"$rev\":{\"as\":\"ra\"}}}}}]");

        assertThat(e.getMessage()).contains("/steps/0/request/path").contains("{{ra}} is not bound here");
    }

    @Test
    void anUnknownProfileIsRefused() {
        FixtureException e = problemWith("\"profile\":\"strict\",\"steps\":[{\"request\":{\"path\":\"/\"}}]");

        assertThat(e.getMessage()).contains("/profile").contains("unknown profile 'strict'");
    }
}
