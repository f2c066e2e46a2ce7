package org.couchtck.kit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code --language}, {@code --functions}, {@code --profile} and {@code --start-timeout} of run and list. */
@Timeout(120)
class TargetOptionsTest {

    /** A pack covering the functions of two map_doc cases of the built-in corpus, not the third's. */
    private static final String KLINGON_PACK = "{\"language\": \"klingon\", \"conventions\": \"qapla'\","
            + " \"functions\": {\"map.emit-many\": \"ghItlh 1\", \"map.unicode\": \"ghItlh 2\"}}";
    private static final String SELECTED = "qs.map_doc.emit-many,qs.map_doc.unicode,qs.map_doc.control-characters";

    @TempDir
    Path dir;

    private final CliRun cli = new CliRun();

    private Path klingonPack() throws Exception {
        return Files.writeString(dir.resolve("klingon.json"), KLINGON_PACK);
    }

    /** id to "applicable" or the NA reason, from list --format json. */
    private Map<String, String> applicability(String out) throws Exception {
        Map<String, String> result = new LinkedHashMap<>();
        for (JsonNode c : new ObjectMapper().readTree(out)) {
            result.put(c.get("id").asText(), c.get("applicable").asBoolean() ? "applicable"
                    : c.get("notApplicableBecause").asText());
        }
        return result;
    }

    @Test
    void should_exit_2_pointing_at_functions_when_no_pack_has_the_language() {
        int status = cli.couchtck("run", "--language", "klingon", "--report-dir", dir.toString());

        assertThat(status).isEqualTo(2);
        assertThat(cli.err()).contains("no function pack for language 'klingon'").contains("--functions FILE")
                .contains("couchtck functions --language klingon").contains("clojure, common-lisp, javascript, perl, php, python, ruby");
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void should_exit_2_when_list_gets_a_language_without_a_pack() {
        assertThat(cli.couchtck("list", "--language", "klingon")).isEqualTo(2);
        assertThat(cli.err()).contains("--functions");
    }

    @Test
    void should_accept_a_language_that_a_pack_file_adds_and_apply_the_cases_it_covers() throws Exception {
        int status = cli.couchtck("list", "--language", "klingon", "--functions", klingonPack().toString(),
                "--include", SELECTED, "--format", "json");

        assertThat(status).as(cli.err()).isZero();
        assertThat(applicability(cli.out())).containsExactly(
                Map.entry("qs.map_doc.emit-many", "applicable"),
                Map.entry("qs.map_doc.unicode", "applicable"),
                Map.entry("qs.map_doc.control-characters",
                        "no klingon source for function map.control-characters (step 1)"));
    }

    @Test
    void should_show_python_applicability_without_a_pack_file() throws Exception {
        int status = cli.couchtck("list", "--language", "python", "--include",
                "qs.map_doc.emit-many,qs.map_doc.big-integers", "--format", "json");

        assertThat(status).as(cli.err()).isZero();
        assertThat(applicability(cli.out())).containsExactly(
                Map.entry("qs.map_doc.emit-many", "applicable"),
                Map.entry("qs.map_doc.big-integers", "about javascript itself (target is python)"));
    }

    @Test
    void should_list_couchjs_cases_as_na_unless_the_profile_is_couchjs() throws Exception {
        String[] list = {"list", "--include", "qs.map_doc.emit-many,qs.map_doc.lone-surrogates-input", "--format",
                "json"};

        assertThat(cli.couchtck(list)).as(cli.err()).isZero();
        Map<String, String> couchdb = applicability(cli.out());
        CliRun couchjsRun = new CliRun();
        assertThat(couchjsRun.couchtck(concat(list, "--profile", "couchjs"))).as(couchjsRun.err()).isZero();
        Map<String, String> couchjs = applicability(couchjsRun.out());

        assertThat(couchdb).containsEntry("qs.map_doc.emit-many", "applicable")
                .containsEntry("qs.map_doc.lone-surrogates-input",
                        "in the couchjs profile only (run with --profile couchjs)");
        assertThat(couchjs).containsEntry("qs.map_doc.emit-many", "applicable")
                .containsEntry("qs.map_doc.lone-surrogates-input", "applicable");
    }

    @Test
    void should_exit_2_for_an_unknown_profile() {
        assertThat(cli.couchtck("run", "--profile", "nonsense", "--report-dir", dir.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("unknown profile 'nonsense'");
        CliRun list = new CliRun();
        assertThat(list.couchtck("list", "--profile", "nonsense")).isEqualTo(2);
        assertThat(list.err()).contains("unknown profile 'nonsense'");
    }

    @Test
    void should_exit_2_naming_file_and_pointer_when_the_pack_is_malformed() throws Exception {
        Path pack = Files.writeString(dir.resolve("bad.json"), "{\"language\": \"klingon\", \"functions\": "
                + "{\"map.emit-many\": 42}}");

        int status = cli.couchtck("list", "--language", "klingon", "--functions", pack.toString());

        assertThat(status).isEqualTo(2);
        assertThat(cli.err()).contains(pack.toString()).contains("/functions/map.emit-many")
                .contains("a function source is a string");
    }

    @Test
    void should_exit_2_for_an_unreadable_start_timeout() {
        assertThat(cli.couchtck("run", "--start-timeout", "soon", "--report-dir", dir.toString())).isEqualTo(2);
        assertThat(cli.err()).contains("soon");
    }

    @Test
    void should_run_a_language_a_pack_adds_and_say_why_cases_were_na() throws Exception {
        // given: one case the reference can answer whatever the language, one whose function klingon lacks, one
        // of the couchjs profile
        Path fixtures = Files.createDirectories(dir.resolve("fixtures"));
        Files.writeString(fixtures.resolve("reset.json"), """
                {"section": "reset", "spec": "share/server/loop.js", "cases": [
                  {"id": "qs.reset.plain", "level": "MUST", "description": "reset answers true",
                   "steps": [{"reset": true, "expect": true}]},
                  {"id": "qs.reset.then-map", "level": "MUST", "description": "a function klingon lacks",
                   "steps": [{"reset": true, "expect": true},
                             {"send": ["add_fun", {"$fn": "map.valid"}], "expect": true}]},
                  {"id": "qs.reset.couchjs-only", "level": "MUST", "description": "a couchjs habit",
                   "profile": "couchjs", "steps": [{"reset": true, "expect": true}]}]}""");
        Path reports = dir.resolve("reports");

        // when
        int status = cli.couchtck("run", "--suite", "query-server", "--language", "klingon", "--functions",
                klingonPack().toString(),
                "--fixtures", fixtures.toString(), "--report-dir", reports.toString(), "--no-progress");

        // then
        assertThat(status).as(cli.err() + cli.out()).isZero();
        assertThat(reports.resolve("results.json")).isRegularFile();
        assertThat(cli.out())
                .contains("couchtck: the klingon functions lack a source for 1 catalogue function, so 1 selected case "
                        + "is NA: map.valid")
                .contains("NA: 2 cases in all:\n")
                .contains("\n  1 with no klingon source for a function (`couchtck functions --language klingon` lists "
                        + "what to translate; --functions FILE adds it)\n")
                .contains("\n  1 checking an implementation's own habits, outside the run's profile (each case's message "
                        + "says which: --profile couchjs for couchjs's, --profile exact for CouchDB 3.5.2's bytes)\n")
                .doesNotContain("about another language itself");
    }

    private static String[] concat(String[] first, String... more) {
        String[] all = new String[first.length + more.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }
}
