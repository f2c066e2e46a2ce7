package org.couchtck.kit.cases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.couchtck.kit.cases.TestCases.fixture;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.couchtck.kit.wire.WireJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Catalogue functions ({@code $fn}), raw-line placeholders and conformance profiles, as fixtures use them. */
class FunctionsInFixturesTest {

    private static final String JS_VALID = "function(doc) { emit(doc._id, doc.n); }";
    private static final String PY_VALID = "def fun(doc):\n    yield doc['_id'], doc.get('n')";
    private static final TargetProfile JAVASCRIPT = new TargetProfile("javascript", CouchDbVersion.LATEST, Set.of());
    private static final TargetProfile PYTHON = new TargetProfile("python", CouchDbVersion.LATEST, Set.of());

    @TempDir
    Path dir;

    private static String oneCase(String extraFields, String steps) {
        return "[{\"id\":\"qs.test.x\",\"level\":\"MUST\",\"description\":\"d\"," + extraFields
                + "\"steps\":" + steps + "}]";
    }

    private Case load(String cases) throws IOException {
        Files.writeString(dir.resolve("test.json"), fixture(cases));
        return Corpus.load(dir).find("qs.test.x").orElseThrow();
    }

    private FixtureException loadError(String cases) throws IOException {
        Files.writeString(dir.resolve("test.json"), fixture(cases));
        try {
            Corpus.load(dir);
        } catch (FixtureException e) {
            assertThat(e.file()).isEqualTo(dir.resolve("test.json").toString());
            return e;
        }
        throw new AssertionError("the fixture loaded: " + cases);
    }

    private static String jsonString(String text) {
        return WireJson.write(JsonNodeFactory.instance.textNode(text));
    }

    @Test
    void should_reject_a_function_id_the_catalogue_lacks() throws IOException {
        FixtureException e = loadError(oneCase("", "[{\"send\":[\"add_fun\",{\"$fn\":\"map.no-such-function\"}]}]"));

        assertThat(e.caseId()).isEqualTo("qs.test.x");
        assertThat(e.pointer()).isEqualTo("/cases/0/steps/0/send/1/$fn");
        assertThat(e.getMessage()).contains("no function 'map.no-such-function' in the catalogue");
    }

    @Test
    void should_reject_an_unknown_function_id_inside_reduce_funs_and_inserts() throws IOException {
        assertThat(loadError(oneCase("", "[{\"reduce\":{\"funs\":[{\"$fn\":\"reduce.nope\"}],\"kvs\":[]}}]"))
                .pointer()).isEqualTo("/cases/0/steps/0/reduce/funs/0/$fn");
        assertThat(loadError(oneCase("", "[{\"raw\":\"[\\\"add_fun\\\",{{f}}]\",\"insert\":{\"f\":{\"$fn\":"
                + "\"map.nope\"}}}]")).pointer()).isEqualTo("/cases/0/steps/0/insert/f/$fn");
    }

    @Test
    void should_reject_a_function_object_with_other_keys() throws IOException {
        FixtureException e = loadError(oneCase("", "[{\"send\":[\"add_fun\",{\"$fn\":\"map.valid\",\"x\":1}]}]"));

        assertThat(e.pointer()).isEqualTo("/cases/0/steps/0/send/1");
        assertThat(e.getMessage()).endsWith("a $fn object has no other keys");
    }

    @Test
    void should_send_the_source_of_the_target_language_when_a_step_names_a_catalogue_function() throws IOException {
        Case c = load(oneCase("", "[{\"send\":[\"add_fun\",{\"$fn\":\"map.valid\"}],\"expect\":true}]"));
        Step add = c.steps().get(0);

        assertThat(new StepRenderer(JAVASCRIPT).line(add)).contains("[\"add_fun\"," + jsonString(JS_VALID) + "]");
        assertThat(new StepRenderer(PYTHON).line(add)).contains("[\"add_fun\"," + jsonString(PY_VALID) + "]");
        assertThat(JAVASCRIPT.applicability(c)).isEqualTo(Applicability.yes());
        assertThat(PYTHON.applicability(c)).isEqualTo(Applicability.yes());
    }

    @Test
    void should_not_apply_when_the_named_function_has_no_source_in_the_language() throws IOException {
        Case c = load(oneCase("", "[{\"send\":[\"reset\"]},{\"send\":[\"add_fun\",{\"$fn\":\"map.arrow-functions\"}]}]"));

        Applicability python = PYTHON.applicability(c);

        assertThat(python.applicable()).isFalse();
        assertThat(python.cause()).isEqualTo(Applicability.Cause.NO_SOURCE);
        assertThat(python.reason()).isEqualTo("no python source for function map.arrow-functions (step 1)");
        assertThat(JAVASCRIPT.applicability(c).applicable()).isTrue();
    }

    @Test
    void should_insert_the_json_string_of_the_function_when_a_raw_line_has_a_placeholder() throws IOException {
        Case c = load(oneCase("", "[{\"raw\":\"[ \\\"add_fun\\\" , {{map}} ]\",\"insert\":{\"map\":{\"$fn\":"
                + "\"map.valid\"}},\"expect\":true}]"));
        Step raw = c.steps().get(0);

        assertThat(raw.kind()).isEqualTo(StepKind.RAW);
        assertThat(new StepRenderer(JAVASCRIPT).line(raw)).contains("[ \"add_fun\" , " + jsonString(JS_VALID) + " ]");
        assertThat(new StepRenderer(PYTHON).line(raw)).contains("[ \"add_fun\" , " + jsonString(PY_VALID) + " ]");
    }

    @Test
    void should_insert_compact_json_of_any_value_and_repeat_a_placeholder() throws IOException {
        Case c = load(oneCase("", "[{\"raw\":\"{{v}} {{v}} {{w}}$&\\\\1\",\"insert\":{\"v\":{\"a\": [1, 2.0]},"
                + "\"w\":\"$1\"}}]"));

        assertThat(new StepRenderer(JAVASCRIPT).line(c.steps().get(0)))
                .contains("{\"a\":[1,2.0]} {\"a\":[1,2.0]} \"$1\"$&\\1");
    }

    @Test
    void should_reject_a_placeholder_that_insert_gives_no_value() throws IOException {
        FixtureException e = loadError(oneCase("", "[{\"raw\":\"[{{a}},{{b}}]\",\"insert\":{\"a\":1}}]"));

        assertThat(e.pointer()).isEqualTo("/cases/0/steps/0/insert");
        assertThat(e.getMessage()).endsWith("no value for the placeholder {{b}} of the raw line");
    }

    @Test
    void should_reject_a_placeholder_when_the_step_has_no_insert_at_all() throws IOException {
        FixtureException e = loadError(oneCase("", "[{\"raw\":\"[\\\"add_fun\\\",{{map}}]\"}]"));

        assertThat(e.pointer()).isEqualTo("/cases/0/steps/0/insert");
        assertThat(e.getMessage()).endsWith("no value for the placeholder {{map}} of the raw line");
    }

    @Test
    void should_reject_an_insert_value_without_its_placeholder() throws IOException {
        FixtureException e = loadError(oneCase("", "[{\"raw\":\"[{{a}}]\",\"insert\":{\"a\":1,\"b\":2}}]"));

        assertThat(e.pointer()).isEqualTo("/cases/0/steps/0/insert/b");
        assertThat(e.getMessage()).endsWith("the raw line has no placeholder {{b}}");
    }

    @Test
    void should_reject_an_insert_that_is_not_an_object() throws IOException {
        assertThat(loadError(oneCase("", "[{\"raw\":\"[{{a}}]\",\"insert\":[1]}]")).pointer())
                .isEqualTo("/cases/0/steps/0/insert");
    }

    @Test
    void should_reject_insert_on_a_step_that_is_not_raw() throws IOException {
        FixtureException e = loadError(oneCase("", "[{\"send\":[\"reset\"],\"insert\":{\"a\":1}}]"));

        assertThat(e.pointer()).isEqualTo("/cases/0/steps/0/insert");
        assertThat(e.getMessage()).endsWith("insert fills the placeholders of a raw line; this step has none");
    }

    @Test
    void should_put_a_case_in_the_couchdb_profile_unless_it_says_couchjs() throws IOException {
        assertThat(load(oneCase("", "[{\"reset\":true}]")).conformance()).isEqualTo(Conformance.COUCHDB);
        assertThat(load(oneCase("\"profile\":\"couchjs\",", "[{\"reset\":true}]")).conformance())
                .isEqualTo(Conformance.COUCHJS);
        assertThat(load(oneCase("\"profile\":\"couchdb\",", "[{\"reset\":true}]")).conformance())
                .isEqualTo(Conformance.COUCHDB);
    }

    @Test
    void should_reject_an_unknown_profile() throws IOException {
        FixtureException e = loadError(oneCase("\"profile\":\"strict\",", "[{\"reset\":true}]"));

        assertThat(e.pointer()).isEqualTo("/cases/0/profile");
        assertThat(e.getMessage()).endsWith("unknown profile 'strict' (expected one of [couchdb, couchjs, exact])");
        assertThat(loadError(oneCase("\"profile\":true,", "[{\"reset\":true}]")).pointer())
                .isEqualTo("/cases/0/profile");
    }

    @Test
    void should_run_a_couchjs_case_only_when_the_run_measures_the_couchjs_profile() throws IOException {
        Case couchjs = load(oneCase("\"profile\":\"couchjs\",", "[{\"reset\":true}]"));

        Applicability underCouchDb = JAVASCRIPT.applicability(couchjs);
        Applicability underCouchjs = JAVASCRIPT.withConformance(Conformance.COUCHJS).applicability(couchjs);

        assertThat(underCouchDb.applicable()).isFalse();
        assertThat(underCouchDb.cause()).isEqualTo(Applicability.Cause.PROFILE);
        assertThat(underCouchDb.reason()).isEqualTo("in the couchjs profile only (run with --profile couchjs)");
        assertThat(underCouchjs).isEqualTo(Applicability.yes());
    }

    @Test
    void should_run_a_couchdb_case_in_both_profiles() throws IOException {
        Case couchdb = load(oneCase("", "[{\"reset\":true}]"));

        assertThat(JAVASCRIPT.applicability(couchdb)).isEqualTo(Applicability.yes());
        assertThat(JAVASCRIPT.withConformance(Conformance.COUCHJS).applicability(couchdb))
                .isEqualTo(Applicability.yes());
    }

    @Test
    void should_keep_language_version_and_functions_when_the_conformance_changes() {
        TargetProfile old = new TargetProfile("python", CouchDbVersion.parse("3.4.2"), Set.of("ddoc.lists"));

        TargetProfile couchjs = old.withConformance(Conformance.COUCHJS);

        assertThat(old.conformance()).isEqualTo(Conformance.COUCHDB);
        assertThat(couchjs.conformance()).isEqualTo(Conformance.COUCHJS);
        assertThat(couchjs.language()).isEqualTo("python");
        assertThat(couchjs.couchDbVersion()).isEqualTo(CouchDbVersion.parse("3.4.2"));
        assertThat(couchjs.without()).containsExactly("ddoc.lists");
        assertThat(couchjs.functions()).isSameAs(old.functions());
    }

    @Test
    void should_include_the_couchdb_profile_in_the_couchjs_profile_and_not_the_other_way() {
        assertThat(Conformance.COUCHDB.includes(Conformance.COUCHDB)).isTrue();
        assertThat(Conformance.COUCHDB.includes(Conformance.COUCHJS)).isFalse();
        assertThat(Conformance.COUCHJS.includes(Conformance.COUCHDB)).isTrue();
        assertThat(Conformance.COUCHJS.includes(Conformance.COUCHJS)).isTrue();
        assertThat(Conformance.COUCHJS.includes(Conformance.EXACT)).isFalse();
        assertThat(Conformance.EXACT.includes(Conformance.COUCHJS)).isTrue();
    }

    @Test
    void should_parse_profile_names_and_refuse_others() {
        assertThat(Conformance.parse("couchdb")).isEqualTo(Conformance.COUCHDB);
        assertThat(Conformance.parse(" CouchJS ")).isEqualTo(Conformance.COUCHJS);
        assertThat(Conformance.parse("exact")).isEqualTo(Conformance.EXACT);
        assertThat(List.of(Conformance.values())).extracting(Conformance::id)
                .containsExactly("couchdb", "couchjs", "exact");
        assertThatThrownBy(() -> Conformance.parse("nonsense"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown profile 'nonsense' (expected one of [couchdb, couchjs, exact])");
    }

    @Test
    void should_count_the_cases_that_use_each_catalogue_function() throws IOException {
        Files.writeString(dir.resolve("test.json"), fixture("["
                + "{\"id\":\"qs.test.a\",\"level\":\"MUST\",\"description\":\"d\",\"steps\":["
                + "{\"send\":[\"add_fun\",{\"$fn\":\"map.valid\"}]},{\"send\":[\"add_fun\",{\"$fn\":\"map.valid\"}]}]},"
                + "{\"id\":\"qs.test.b\",\"level\":\"MUST\",\"description\":\"d\",\"steps\":["
                + "{\"raw\":\"{{f}}\",\"insert\":{\"f\":{\"$fn\":\"map.valid\"}}},"
                + "{\"send\":[\"add_fun\",{\"$fn\":{\"javascript\":\"function(doc){}\"}}]}]}]"));

        assertThat(Corpus.load(dir).functionUsage()).containsExactly(
                Map.entry("map.valid", List.of("qs.test.a", "qs.test.b")));
    }
}
