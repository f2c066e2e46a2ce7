package org.couchtck.kit.cases;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.couchtck.kit.queryserver.GeneratedSuites;
import org.junit.jupiter.api.Test;

class BuiltInCorpusTest {

    private static final List<String> CORE_SECTIONS = List.of("reset", "add_fun", "add_lib", "map_doc", "reduce",
            "rereduce", "reduce_limit", "log", "sandbox", "protocol");
    private static final List<String> DESIGN_DOCUMENT_SECTIONS = List.of("ddoc", "shows", "lists", "updates",
            "filters", "views", "validate", "rewrites", "require", "index", "mixed");

    private final Corpus corpus = Corpus.builtIn();

    @Test
    void should_load_at_least_120_cases_covering_every_core_section() {
        assertThat(corpus.cases()).hasSizeGreaterThanOrEqualTo(120);
        assertThat(corpus.sections()).containsAll(CORE_SECTIONS);
        Map<String, Long> perSection = corpus.cases().stream()
                .collect(Collectors.groupingBy(Case::section, TreeMap::new, Collectors.counting()));
        assertThat(perSection).allSatisfy((section, count) -> assertThat(count).isGreaterThanOrEqualTo(5));
    }

    @Test
    void should_cover_every_design_document_section() {
        assertThat(corpus.sections()).containsAll(DESIGN_DOCUMENT_SECTIONS);
    }

    @Test
    void should_derive_some_case_from_every_couchjs_recording() throws IOException {
        Set<String> recorded;
        try (Stream<Path> files = Files.list(SharedTranscripts.sessionsDir())) {
            recorded = files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".json"))
                    .map(name -> name.substring(0, name.length() - ".json".length()))
                    .collect(Collectors.toSet());
        }

        Set<String> used = corpus.cases().stream().flatMap(c -> c.transcript().stream()).collect(Collectors.toSet());

        assertThat(recorded).isNotEmpty().allSatisfy(session -> assertThat(used).as("cases derived from recordings")
                .contains(session));
    }

    @Test
    void should_name_existing_recordings_in_transcript_fields() {
        Path sessions = SharedTranscripts.sessionsDir();

        assertThat(corpus.cases()).filteredOn(c -> c.transcript().isPresent()).isNotEmpty().allSatisfy(c ->
                assertThat(sessions.resolve(c.transcript().get() + ".json")).as(c.id()).exists());
    }

    // Cases without a recording are each run against a server with their defect in CorpusCasesCatchTheirFaultTest.
    @Test
    void should_say_where_the_expectation_comes_from_when_no_recording_backs_a_case() {
        assertThat(corpus.cases()).filteredOn(c -> c.transcript().isEmpty())
                .allSatisfy(c -> assertThat(c.note()).as(c.id()).isNotBlank());
    }

    @Test
    void should_describe_every_case_in_one_line_with_a_spec_reference() {
        assertThat(corpus.cases()).allSatisfy(c -> {
            assertThat(c.description()).as(c.id()).isNotBlank().doesNotContain("\n");
            assertThat(c.spec()).as(c.id()).isNotBlank();
            assertThat(c.sourceFile()).as(c.id()).isEqualTo("fixtures/query-server/" + c.section() + ".json");
        });
    }

    @Test
    void should_say_in_the_note_why_a_case_is_in_the_couchjs_profile_or_about_one_language() {
        assertThat(corpus.cases()).filteredOn(c -> c.conformance() == Conformance.COUCHJS)
                .isNotEmpty().allSatisfy(c -> assertThat(c.note()).as(c.id()).containsIgnoringCase("couchjs"));
        assertThat(corpus.cases()).filteredOn(c -> c.capabilities().contains("lang:javascript"))
                .isNotEmpty().allSatisfy(c -> assertThat(c.note()).as(c.id()).containsIgnoringCase("javascript"));
    }

    @Test
    void should_give_every_catalogue_function_a_use_in_the_corpus_or_the_generated_suites() {
        assertThat(FunctionLibrary.builtIn().functions()).extracting(CatalogueFunction::id)
                .allSatisfy(id -> assertThat(corpus.functionUsage().containsKey(id)
                        || GeneratedSuites.functionUsage().containsKey(id)).as(id).isTrue());
    }

    @Test
    void should_explain_in_a_note_every_case_that_accepts_several_answers() {
        assertThat(corpus.cases()).filteredOn(c -> c.steps().stream()
                        .anyMatch(s -> s.expect().map(m -> m.spec().toString().contains("$oneOf")).orElse(false)))
                .allSatisfy(c -> assertThat(c.note()).as(c.id()).isNotBlank());
    }

    @Test
    void should_apply_every_case_to_some_supported_couchdb_version() {
        List<CouchDbVersion> versions = List.of(CouchDbVersion.parse("3.4.0"), CouchDbVersion.parse("3.5.0"),
                CouchDbVersion.parse("3.5.1"), CouchDbVersion.LATEST);

        assertThat(corpus.cases()).allSatisfy(c -> assertThat(versions.stream().anyMatch(v ->
                new TargetProfile("javascript", v, java.util.Set.of()).withConformance(Conformance.COUCHJS)
                        .applicability(c).applicable()))
                .as(c.id()).isTrue());
    }

    @Test
    void should_find_the_shared_recordings_folder() {
        assertThat(Files.isDirectory(SharedTranscripts.sessionsDir())).isTrue();
    }
}
