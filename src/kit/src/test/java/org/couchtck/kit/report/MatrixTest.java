package org.couchtck.kit.report;

import org.couchtck.kit.cases.Applicability;
import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.report.TestRuns.aCase;
import static org.couchtck.kit.report.TestRuns.aRun;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.check.Verdict;
import org.junit.jupiter.api.Test;

class MatrixTest {

    private final RunResult reference = aRun().runId("ref-run")
            .with(aCase("qs.map_doc.a")).with(aCase("qs.map_doc.b").level(Level.SHOULD))
            .with(aCase("qs.reduce.c")).build();
    private final RunResult other = aRun().runId("other-run")
            .with(aCase("qs.map_doc.a").verdict(Verdict.FAIL).message("differs"))
            .with(aCase("qs.map_doc.b").level(Level.SHOULD).verdict(Verdict.WARN))
            .with(aCase("qs.map_doc.only-here").notApplicable(Applicability.Cause.LANGUAGE)).build();

    @Test
    void should_leave_a_case_a_target_did_not_run_absent_not_passed() {
        Matrix matrix = Matrix.of(List.of(Matrix.Target.ran("ref", reference), Matrix.Target.ran("other", other)));

        assertThat(matrix.rows()).extracting(Matrix.Row::caseId)
                .containsExactly("qs.map_doc.a", "qs.map_doc.b", "qs.reduce.c", "qs.map_doc.only-here");
        Matrix.Row reduce = matrix.rows().get(2);
        assertThat(reduce.cells().get(0).verdict()).isEqualTo(Verdict.PASS);
        assertThat(reduce.cells().get(1)).isNull();
        assertThat(reduce.disagrees()).isFalse();
        assertThat(matrix.rows().get(0).anyFails()).isTrue();
        assertThat(matrix.rows().get(0).disagrees()).isTrue();
        assertThat(matrix.allPassed()).isFalse();
    }

    @Test
    void should_score_must_cases_passed_over_must_cases_that_applied() {
        RunResult run = aRun().with(aCase("qs.x.pass")).with(aCase("qs.x.fail").verdict(Verdict.FAIL))
                .with(aCase("qs.x.known").verdict(Verdict.KNOWN)).with(aCase("qs.x.na").verdict(Verdict.NA))
                .with(aCase("qs.x.js").notApplicable(Applicability.Cause.LANGUAGE))
                .with(aCase("qs.x.couchjs").notApplicable(Applicability.Cause.PROFILE))
                .with(aCase("qs.x.old").notApplicable(Applicability.Cause.VERSION))
                .with(aCase("qs.x.nosource").notApplicable(Applicability.Cause.NO_SOURCE))
                .with(aCase("qs.x.without").notApplicable(Applicability.Cause.FEATURE))
                .with(aCase("qs.x.should").level(Level.SHOULD)).build();

        // NA for an unrecorded cause, for want of a source or of a feature count against coverage; the rest do not
        assertThat(Matrix.Target.ran("t", run).mustScore()).isEqualTo(new Matrix.MustScore(1, 3, 6));
        assertThat(Matrix.Target.ran("t", run).mustScore().text()).isEqualTo("1/3 MUST · 3 of 6 applicable");
    }

    @Test
    void should_total_each_section_per_target() {
        Matrix matrix = Matrix.of(List.of(Matrix.Target.ran("ref", reference), Matrix.Target.ran("other", other)));

        Map<String, List<Map<Verdict, Integer>>> totals = matrix.sectionTotals();

        assertThat(totals.keySet()).containsExactly("query-server/map_doc", "query-server/reduce");
        assertThat(totals.get("query-server/map_doc").get(0)).containsEntry(Verdict.PASS, 2);
        assertThat(totals.get("query-server/map_doc").get(1)).containsEntry(Verdict.FAIL, 1)
                .containsEntry(Verdict.WARN, 1).containsEntry(Verdict.NA, 1);
    }

    @Test
    void should_write_json_with_targets_scores_and_verdicts_by_target_name() throws Exception {
        Matrix matrix = Matrix.of(List.of(Matrix.Target.ran("ref", reference), Matrix.Target.ran("other", other),
                Matrix.Target.unavailable("gone", "cannot start")));

        String json = MatrixJson.render(matrix);

        assertThatJson(json).node("passed").isEqualTo(false);
        assertThatJson(json).node("targets[0].must").isEqualTo("{\"passed\":2,\"applicable\":2,\"ofProfile\":2}");
        assertThatJson(json).node("targets[1].counts.FAIL").isEqualTo(1);
        assertThatJson(json).node("targets[2]").isEqualTo("{\"name\":\"gone\",\"unavailable\":\"cannot start\"}");
        try (InputStream schemaText = MatrixJson.class.getResourceAsStream(MatrixJson.SCHEMA_RESOURCE)) {
            JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schemaText);
            assertThat(schema.validate(new ObjectMapper().readTree(json))).isEmpty();
        }
        assertThatJson(json).node("cases[2]").isEqualTo("""
                {"id":"qs.reduce.c","section":"query-server/reduce","level":"MUST",
                 "description":"what qs.reduce.c checks","verdicts":{"ref":"PASS"}}""");
    }

    @Test
    void should_list_in_markdown_only_the_cases_where_targets_fail_or_disagree() {
        Matrix matrix = Matrix.of(List.of(Matrix.Target.ran("ref", reference), Matrix.Target.ran("other", other)));

        String md = MatrixMarkdown.render(matrix);

        assertThat(md).contains("| ref | 2/2 | 3 | 0 |", "| other | 0/1 | 0 | 1 | 1 | 1 |",
                "### Cases where targets fail or disagree (2 of 4)", "| qs.map\\_doc.a | MUST | PASS | FAIL |",
                "| qs.map\\_doc.b | SHOULD | PASS | WARN |")
                .doesNotContain("qs.reduce.c", "only-here");
    }

    @Test
    void should_escape_hostile_names_and_messages_in_the_page_and_keep_the_transcripts_inside_their_script() {
        RunResult hostile = aRun().with(aCase("qs.x.<img src=x>").verdict(Verdict.FAIL)
                .message("</script><script>alert(1)</script>").exchange("[\"reset\"]", "</script>")).build();
        Matrix matrix = Matrix.of(List.of(Matrix.Target.ran("t", hostile)));

        String html = MatrixHtml.render(matrix);

        assertThat(html).doesNotContain("<img src=x>", "<script>alert(1)", "</script><script>")
                .containsOnlyOnce("<script type=\"application/json\" id=\"transcripts\">");
        int start = html.indexOf("id=\"transcripts\">") + "id=\"transcripts\">".length();
        String data = html.substring(start, html.indexOf("</script>", start));
        assertThat(data).contains("\\u003c/script>").doesNotContain("<");
    }
}
