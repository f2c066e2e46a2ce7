package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineTest {

    @TempDir
    Path dir;

    @Test
    void should_mark_listed_failures_known_and_listed_passes_stale() throws Exception {
        Baseline baseline = Baseline.read(write("""
                {"known": [{"id": "qs.a.b", "reason": "engine lacks X"}]}"""));

        assertThat(baseline.apply(result("qs.a.b", Verdict.FAIL)).verdict()).isEqualTo(Verdict.KNOWN);
        assertThat(baseline.apply(result("qs.a.b", Verdict.ERROR)).verdict()).isEqualTo(Verdict.KNOWN);
        assertThat(baseline.apply(result("qs.a.b", Verdict.PASS)).verdict()).isEqualTo(Verdict.STALE);
        assertThat(baseline.apply(result("qs.a.b", Verdict.PASS)).baselineReason()).isEqualTo("engine lacks X");
        assertThat(baseline.apply(result("qs.a.b", Verdict.NA)).verdict()).isEqualTo(Verdict.NA);
        assertThat(baseline.apply(result("qs.a.c", Verdict.FAIL)).verdict()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void an_intermittent_entry_keeps_its_passes_as_passes_and_its_failures_known() throws Exception {
        Baseline baseline = Baseline.read(write("""
                {"known": [{"id": "http.a.b", "reason": "answers in completion order", "intermittent": true},
                           {"id": "http.a.c", "reason": "always", "intermittent": false}]}"""));

        assertThat(baseline.apply(result("http.a.b", Verdict.PASS)).verdict()).isEqualTo(Verdict.PASS);
        assertThat(baseline.apply(result("http.a.b", Verdict.WARN)).verdict()).isEqualTo(Verdict.KNOWN);
        assertThat(baseline.apply(result("http.a.c", Verdict.PASS)).verdict()).isEqualTo(Verdict.STALE);
    }

    @Test
    void an_intermittent_flag_that_is_not_a_boolean_is_refused() throws Exception {
        Path file = write("""
                {"known": [{"id": "http.a.b", "reason": "r", "intermittent": "yes"}]}""");

        assertThatThrownBy(() -> Baseline.read(file)).hasMessageContaining("/known/0")
                .hasMessageContaining("\"intermittent\" must be true or false");
    }

    @Test
    void should_require_a_reason_for_every_entry() throws Exception {
        Path file = write("{\"known\": [{\"id\": \"qs.a.b\"}]}");

        assertThatThrownBy(() -> Baseline.read(file))
                .hasMessageContaining(file.toString()).hasMessageContaining("/known/0").hasMessageContaining("reason");
    }

    @Test
    void should_reject_malformed_json_and_duplicates_with_the_file_named() throws Exception {
        Path broken = write("{\"known\": [");
        Path twice = write("""
                {"known": [{"id": "qs.a.b", "reason": "r"}, {"id": "qs.a.b", "reason": "r"}]}""");

        assertThatThrownBy(() -> Baseline.read(broken)).hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> Baseline.read(twice)).hasMessageContaining("/known/1").hasMessageContaining("twice");
        assertThatThrownBy(() -> Baseline.read(dir.resolve("missing.json"))).hasMessageContaining("cannot read");
    }

    private Path write(String json) throws Exception {
        Path file = Files.createTempFile(dir, "baseline", ".json");
        Files.writeString(file, json);
        return file;
    }

    private static CaseResult result(String id, Verdict verdict) {
        return new CaseResult(id, "a", Level.MUST, "d", "s", verdict, "", "", "", -1, List.of(),
                OptionalLong.empty(), Duration.ZERO, "");
    }
}
