package org.couchtck.kit.report;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.couchtck.kit.report.TestRuns.aCase;
import static org.couchtck.kit.report.TestRuns.aRun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import org.couchtck.kit.check.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsJsonTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void should_read_back_an_equal_run_when_written() throws IOException {
        // given
        RunResult run = TestRuns.everyVerdict();
        Path file = dir.resolve("results.json");

        // when
        ResultsJson.write(run, file);
        RunResult read = ResultsJson.read(file);

        // then
        assertThat(read).isEqualTo(run);
    }

    @Test
    void theEndpointsOutagesAreReadBackAndConformToTheSchema() throws IOException {
        RunResult run = TestRuns.withOutages();
        Path file = dir.resolve("results.json");

        ResultsJson.write(run, file);

        assertThat(ResultsJson.read(file).outages()).isEqualTo(run.outages());
        assertThat(validate(MAPPER.readTree(ResultsJson.toJson(run)))).isEmpty();
    }

    @Test
    void anUnfinishedRunIsReadBackAndConformsToTheSchema() throws IOException {
        RunResult run = TestRuns.everyVerdict().unfinished("interrupted after 6 of 929 cases");
        Path file = dir.resolve("results.json");

        ResultsJson.write(run, file);

        assertThat(ResultsJson.read(file)).isEqualTo(run);
        assertThat(ResultsJson.read(file).passed()).isFalse();
        assertThat(validate(MAPPER.readTree(ResultsJson.toJson(run)))).isEmpty();
        assertThat(ResultsJson.toJson(run)).contains("\"unfinished\" : \"interrupted after 6 of 929 cases\"");
    }

    @Test
    void should_keep_hostile_text_and_nanoseconds_when_round_tripped() throws IOException {
        // given
        String hostile = "nul\u0000 esc\u001b[31m lone\ud800 low\udc00 pair\ud83d\ude00 ]]> \uffff";
        RunResult run = aRun()
                .duration(Duration.ofSeconds(3, 7))
                .with(aCase("qs.map_doc.hostile").verdict(Verdict.FAIL).actual(hostile).exchange("[]", hostile)
                        .duration(Duration.ofNanos(1)))
                .build();
        Path file = dir.resolve("results.json");

        // when
        ResultsJson.write(run, file);
        RunResult read = ResultsJson.read(file);

        // then
        assertThat(read).isEqualTo(run);
        assertThat(read.cases().get(0).actual()).isEqualTo(hostile);
        assertThat(Files.readAllBytes(file)).isEqualTo(Files.readString(file).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void should_read_back_null_optional_fields_when_written() throws IOException {
        // given
        RunResult run = new RunResult("r1", null, new RunResult.TargetInfo(null, null, null, null),
                TestRuns.STARTED, null, java.util.List.of(aCase("qs.x.y").section(null).level(null).build()));
        Path file = dir.resolve("results.json");

        // when
        ResultsJson.write(run, file);

        // then
        assertThat(ResultsJson.read(file)).isEqualTo(run);
        assertThat(validate(MAPPER.readTree(file.toFile()))).isEmpty();
    }

    @Test
    void should_write_every_field_with_counts_and_iso_instants_when_serialised() {
        // given
        RunResult run = TestRuns.everyVerdict();

        // when
        String json = ResultsJson.toJson(run);

        // then
        assertThatJson(json).node("schemaVersion").isEqualTo(1);
        assertThatJson(json).node("started").isEqualTo("2026-11-22T03:15:00.123456789Z");
        assertThatJson(json).node("durationMs").isEqualTo(12345.000678);
        assertThatJson(json).node("passed").isEqualTo(false);
        assertThatJson(json).node("counts").isEqualTo(
                "{\"PASS\":1,\"FAIL\":1,\"WARN\":1,\"NA\":1,\"ERROR\":1,\"KNOWN\":1,\"STALE\":1}");
        assertThatJson(json).node("target").isEqualTo("{\"name\":\"reference\",\"command\":\"java -cp ref.jar Main\","
                + "\"language\":\"javascript\",\"couchDbVersion\":\"3.5.2\",\"profile\":\"couchdb\"}");
        assertThatJson(json).node("cases[1]").isEqualTo("""
                {"id":"qs.map_doc.throw-drops-emits","suite":"query-server","section":"map_doc","level":"MUST",
                 "description":"what qs.map_doc.throw-drops-emits checks","spec":"share/server/views.js",
                 "verdict":"FAIL","message":"reply differs at $[0]","expected":"[[]]","actual":"[[[1,2]]]",
                 "failedStep":2,"seed":null,"durationMs":3.25,"baselineReason":"",
                 "transcript":[
                   {"at":"2026-11-22T03:15:00.223456789Z","direction":"SENT","text":"[\\"map_doc\\",{\\"_id\\":\\"a\\"}]"},
                   {"at":"2026-11-22T03:15:00.224956789Z","direction":"RECEIVED","text":"[[[1,2]]]"},
                   {"at":"2026-11-22T03:15:00.226456789Z","direction":"STDERR","text":"boom"}]}
                """);
        assertThatJson(json).node("cases[2].seed").isEqualTo(42);
        assertThatJson(json).node("cases[5].baselineReason").isEqualTo("upstream issue #12");
    }

    @Test
    void should_conform_to_the_schema_when_written() throws IOException {
        // given
        RunResult run = TestRuns.everyVerdict();

        // when
        JsonNode document = MAPPER.readTree(ResultsJson.toJson(run));

        // then
        assertThat(validate(document)).isEmpty();
    }

    @Test
    void should_be_rejected_by_the_schema_when_broken() throws IOException {
        // given
        ObjectNode document = (ObjectNode) MAPPER.readTree(ResultsJson.toJson(TestRuns.everyVerdict()));
        ObjectNode firstCase = (ObjectNode) document.get("cases").get(0);
        firstCase.put("verdict", "MAYBE");
        firstCase.remove("transcript");
        document.put("started", "yesterday");

        // when
        Set<ValidationMessage> errors = validate(document);

        // then
        assertThat(errors).extracting(ValidationMessage::getInstanceLocation).map(Object::toString)
                .contains("$.cases[0].verdict", "$.started");
        assertThat(errors).anySatisfy(e -> assertThat(e.getMessage()).contains("transcript"));
    }

    @Test
    void should_name_the_bad_field_when_reading_a_broken_document() throws IOException {
        // given
        ObjectNode document = (ObjectNode) MAPPER.readTree(ResultsJson.toJson(TestRuns.everyVerdict()));
        ((ObjectNode) document.get("cases").get(3)).put("verdict", "MAYBE");
        Path file = dir.resolve("results.json");
        Files.writeString(file, document.toString());

        // when / then
        assertThatThrownBy(() -> ResultsJson.read(file))
                .isInstanceOf(ResultsFormatException.class)
                .hasMessageContaining("$.cases[3].verdict");
    }

    @Test
    void should_refuse_another_schema_version_when_reading() {
        // given
        String json = ResultsJson.toJson(TestRuns.everyVerdict()).replace("\"schemaVersion\" : 1", "\"schemaVersion\" : 2");

        // when / then
        assertThatThrownBy(() -> ResultsJson.fromJson(json))
                .isInstanceOf(ResultsFormatException.class)
                .hasMessageContaining("schemaVersion");
    }

    @Test
    void should_refuse_text_that_is_not_json_when_reading() {
        assertThatThrownBy(() -> ResultsJson.fromJson("{\"schemaVersion\": 1,"))
                .isInstanceOf(ResultsFormatException.class)
                .hasMessageContaining("not JSON");
    }

    private static Set<ValidationMessage> validate(JsonNode document) throws IOException {
        try (InputStream schemaText = ResultsJson.class.getResourceAsStream(ResultsJson.SCHEMA_RESOURCE)) {
            assertThat(schemaText).as("schema on the class path").isNotNull();
            JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schemaText);
            return schema.validate(document);
        }
    }
}
