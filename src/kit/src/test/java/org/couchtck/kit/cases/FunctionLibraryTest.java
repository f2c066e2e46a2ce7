package org.couchtck.kit.cases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FunctionLibraryTest {

    private static final String CATALOGUE = "{\"functions\": {"
            + "\"map.one\": {\"kind\": \"map\", \"statement\": \"emits [doc._id, 1]\"},"
            + "\"map.two\": {\"kind\": \"map\", \"statement\": \"emits [doc._id, 2]\"},"
            + "\"map.js-only\": {\"kind\": \"map\", \"statement\": \"an arrow function\","
            + " \"only\": {\"language\": \"javascript\", \"why\": \"about JavaScript syntax\"}}}}";
    private static final String JAVASCRIPT = "{\"language\": \"javascript\", \"conventions\": \"emit(k, v)\","
            + " \"functions\": {\"map.one\": \"function(doc) { emit(doc._id, 1); }\","
            + " \"map.two\": \"function(doc) { emit(doc._id, 2); }\", \"map.js-only\": \"doc => emit(1, 1)\"}}";
    private static final String PYTHON = "{\"language\": \"python\", \"conventions\": \"yield k, v\","
            + " \"functions\": {\"map.one\": \"def fun(doc):\\n    yield doc['_id'], 1\","
            + " \"map.two\": \"def fun(doc):\\n    yield doc['_id'], 2\"}}";

    @TempDir
    Path dir;

    private static FunctionLibrary small() {
        return FunctionLibrary.read(List.of(
                new FixtureSource("fixtures/functions/catalogue.json", CATALOGUE),
                new FixtureSource("fixtures/functions/javascript.json", JAVASCRIPT),
                new FixtureSource("fixtures/functions/python.json", PYTHON)));
    }

    private Path pack(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private FixtureException packError(String text) throws IOException {
        Path file = pack("pack.json", text);
        try {
            small().withPack(file);
        } catch (FixtureException e) {
            return e;
        }
        throw new AssertionError("the pack loaded: " + text);
    }

    @Test
    void should_load_the_built_in_library_with_javascript_and_python_packs() {
        FunctionLibrary library = FunctionLibrary.builtIn();

        assertThat(library.languages()).contains("javascript", "python");
        assertThat(library.functions()).hasSizeGreaterThan(100);
        assertThat(library.addedFiles()).isEmpty();
        assertThat(library.pack("python").orElseThrow().conventions()).contains("def fun(doc)");
        assertThat(library.source("map.three-functions", "javascript"))
                .contains("function(doc) { emit(doc._id, 1); }");
        assertThat(library.source("map.three-functions", "python"))
                .contains("def fun(doc):\n    yield doc['_id'], 1");
        assertThat(library.function("map.three-functions").orElseThrow().kind()).isEqualTo("map");
        assertThat(library.function("no.such-function")).isEmpty();
    }

    @Test
    void should_have_a_javascript_source_for_every_catalogue_function() {
        FunctionLibrary library = FunctionLibrary.builtIn();

        assertThat(library.functions()).allSatisfy(f ->
                assertThat(library.source(f.id(), "javascript")).as(f.id()).isPresent());
    }

    @Test
    void should_have_a_python_source_for_every_function_not_about_one_language() {
        FunctionLibrary library = FunctionLibrary.builtIn();

        List<CatalogueFunction> translatable = library.functions().stream()
                .filter(f -> f.onlyLanguage().isEmpty()).toList();

        assertThat(translatable).isNotEmpty().allSatisfy(f ->
                assertThat(library.source(f.id(), "python")).as(f.id()).isPresent());
        assertThat(library.functions()).filteredOn(f -> f.onlyLanguage().isPresent()).isNotEmpty()
                .allSatisfy(f -> assertThat(f.why()).as(f.id()).isNotBlank());
    }

    @Test
    void should_read_kind_statement_and_only_from_the_catalogue() {
        FunctionLibrary library = small();

        assertThat(library.functions()).extracting(CatalogueFunction::id)
                .containsExactly("map.one", "map.two", "map.js-only");
        assertThat(library.function("map.js-only")).contains(new CatalogueFunction("map.js-only", "map",
                "an arrow function", Optional.of("javascript"), "about JavaScript syntax"));
        assertThat(library.function("map.one")).contains(new CatalogueFunction("map.one", "map",
                "emits [doc._id, 1]", Optional.empty(), ""));
        assertThat(library.languages()).containsExactly("javascript", "python");
    }

    @Test
    void should_add_a_new_language_when_a_pack_names_one() throws IOException {
        Path file = pack("klingon.json", "{\"language\": \"klingon\", \"conventions\": \"qapla'\","
                + " \"functions\": {\"map.one\": \"ghItlh doc\"}}");

        FunctionLibrary library = small().withPack(file);

        assertThat(library.languages()).containsExactly("javascript", "klingon", "python");
        assertThat(library.source("map.one", "klingon")).contains("ghItlh doc");
        assertThat(library.source("map.two", "klingon")).isEmpty();
        assertThat(library.pack("klingon").orElseThrow().conventions()).isEqualTo("qapla'");
        assertThat(library.pack("klingon").orElseThrow().origin()).isEqualTo(file.toString());
        assertThat(library.addedFiles()).containsExactly(file);
        assertThat(small().languages()).doesNotContain("klingon");
    }

    @Test
    void should_replace_only_the_given_sources_when_a_pack_names_an_existing_language() throws IOException {
        Path file = pack("python-fix.json", "{\"language\": \"python\","
                + " \"functions\": {\"map.two\": \"def fun(doc):\\n    yield doc['_id'], 'two'\"}}");

        FunctionLibrary library = small().withPack(file);

        assertThat(library.source("map.two", "python")).contains("def fun(doc):\n    yield doc['_id'], 'two'");
        assertThat(library.source("map.one", "python")).contains("def fun(doc):\n    yield doc['_id'], 1");
        assertThat(library.pack("python").orElseThrow().conventions()).isEqualTo("yield k, v");
        assertThat(library.pack("python").orElseThrow().origin()).endsWith(" + " + file);
        assertThat(library.source("map.two", "javascript")).contains("function(doc) { emit(doc._id, 2); }");
    }

    @Test
    void should_apply_packs_in_order_so_that_the_last_wins() throws IOException {
        Path first = pack("a.json", "{\"language\": \"ruby\", \"functions\": {\"map.one\": \"first\","
                + " \"map.two\": \"kept\"}}");
        Path second = pack("b.json", "{\"language\": \"ruby\", \"functions\": {\"map.one\": \"second\"}}");

        FunctionLibrary library = small().withPacks(List.of(first, second));

        assertThat(library.source("map.one", "ruby")).contains("second");
        assertThat(library.source("map.two", "ruby")).contains("kept");
        assertThat(library.addedFiles()).containsExactly(first, second);
    }

    @Test
    void should_accept_a_pack_for_the_built_in_library() throws IOException {
        Path file = pack("klingon.json", "{\"language\": \"klingon\", \"functions\": {\"map.valid\": \"x\"}}");

        FunctionLibrary library = FunctionLibrary.builtIn().withPack(file);

        assertThat(library.source("map.valid", "klingon")).contains("x");
        assertThat(library.source("map.valid", "javascript")).isEqualTo(
                FunctionLibrary.builtIn().source("map.valid", "javascript"));
    }

    @Test
    void should_reject_a_pack_that_names_a_function_the_catalogue_lacks() throws IOException {
        FixtureException e = packError("{\"language\": \"klingon\", \"functions\": {\"map.one\": \"a\","
                + " \"map.nope\": \"b\"}}");

        assertThat(e.file()).isEqualTo(dir.resolve("pack.json").toString());
        assertThat(e.caseId()).isEqualTo("map.nope");
        assertThat(e.pointer()).isEqualTo("/functions/map.nope");
        assertThat(e.getMessage()).startsWith(dir.resolve("pack.json") + ": case map.nope: /functions/map.nope: "
                + "no function 'map.nope' in the catalogue");
    }

    @Test
    void should_reject_a_pack_of_malformed_json() throws IOException {
        FixtureException e = packError("{\"language\": \"klingon\", \"functions\": {\"map.one\": }");

        assertThat(e.file()).isEqualTo(dir.resolve("pack.json").toString());
        assertThat(e.pointer()).isEmpty();
        assertThat(e.getMessage()).startsWith(dir.resolve("pack.json") + ": malformed JSON");
    }

    @Test
    void should_reject_a_source_that_is_not_a_string() throws IOException {
        FixtureException e = packError("{\"language\": \"klingon\", \"functions\": {\"map.one\": [\"a\"]}}");

        assertThat(e.file()).isEqualTo(dir.resolve("pack.json").toString());
        assertThat(e.pointer()).isEqualTo("/functions/map.one");
        assertThat(e.getMessage()).contains("a function source is a string (or an object with a \"source\"");
    }

    @Test
    void should_read_the_template_form_whose_null_source_is_not_written_yet() throws IOException {
        Path file = Files.writeString(dir.resolve("pack.json"), "{\"language\": \"klingon\", \"functions\": {"
                + "\"map.one\": {\"source\": \"qapla\", \"statement\": \"anything\", \"javascript\": \"f\"},"
                + "\"map.two\": {\"source\": null, \"statement\": \"anything\"}}}");

        FunctionLibrary library = small().withPack(file);

        assertThat(library.source("map.one", "klingon")).contains("qapla");
        assertThat(library.source("map.two", "klingon")).isEmpty();
        FixtureException e = packError("{\"language\": \"klingon\", \"functions\": {\"map.one\": {\"statement\": \"x\"}}}");
        assertThat(e.pointer()).isEqualTo("/functions/map.one/source");
    }

    @Test
    void should_reject_an_unknown_field_of_a_pack() throws IOException {
        FixtureException e = packError("{\"language\": \"klingon\", \"functoins\": {}, \"functions\": {}}");

        assertThat(e.file()).isEqualTo(dir.resolve("pack.json").toString());
        assertThat(e.pointer()).isEqualTo("/functoins");
        assertThat(e.getMessage()).contains("unknown field 'functoins'");
    }

    @Test
    void should_reject_a_pack_without_a_usable_language_or_functions() throws IOException {
        assertThat(packError("{\"functions\": {}}").pointer()).isEqualTo("/language");
        assertThat(packError("{\"language\": \"Klingon\", \"functions\": {}}").pointer()).isEqualTo("/language");
        assertThat(packError("{\"language\": \"klingon\", \"functions\": []}").pointer()).isEqualTo("/functions");
        assertThat(packError("[]").getMessage()).endsWith("a function pack is an object with language and functions");
    }

    @Test
    void should_reject_a_pack_file_that_does_not_exist() {
        Path missing = dir.resolve("missing.json");

        assertThatThrownBy(() -> small().withPack(missing))
                .isInstanceOf(FixtureException.class)
                .hasMessageStartingWith(missing + ": cannot read");
    }

    @Test
    void should_reject_catalogue_entries_that_break_the_format() {
        assertThat(catalogueError("{\"functions\": {\"Map.One\": {\"kind\": \"map\", \"statement\": \"s\"}}}")
                .pointer()).isEqualTo("/functions/Map.One");
        assertThat(catalogueError("{\"functions\": {\"map.one\": {\"kind\": \"map\", \"statement\": \"s\","
                + " \"note\": \"n\"}}}").pointer()).isEqualTo("/functions/map.one/note");
        assertThat(catalogueError("{\"functions\": {\"map.one\": {\"kind\": \"map\", \"statement\": \"a\\nb\"}}}")
                .pointer()).isEqualTo("/functions/map.one/statement");
        assertThat(catalogueError("{\"functions\": {\"map.one\": {\"kind\": \"map\", \"statement\": \"s\","
                + " \"only\": {\"language\": \"javascript\"}}}}").pointer()).isEqualTo("/functions/map.one/only/why");
        assertThat(catalogueError("{\"functions\": {\"map.one\": {\"statement\": \"s\"}}}").pointer())
                .isEqualTo("/functions/map.one/kind");
    }

    private static FixtureException catalogueError(String catalogue) {
        try {
            FunctionLibrary.read(List.of(new FixtureSource("fixtures/functions/catalogue.json", catalogue)));
        } catch (FixtureException e) {
            assertThat(e.file()).isEqualTo("fixtures/functions/catalogue.json");
            return e;
        }
        throw new AssertionError("the catalogue loaded: " + catalogue);
    }

    @Test
    void should_translate_a_function_to_every_language_unless_it_is_about_one() {
        CatalogueFunction anyLanguage = new CatalogueFunction("map.one", "map", "s", Optional.empty(), null);
        CatalogueFunction javascriptOnly = new CatalogueFunction("map.js", "map", "s", Optional.of("javascript"),
                "syntax");

        assertThat(anyLanguage.translatableTo("javascript")).isTrue();
        assertThat(anyLanguage.translatableTo("python")).isTrue();
        assertThat(anyLanguage.why()).isEmpty();
        assertThat(javascriptOnly.translatableTo("javascript")).isTrue();
        assertThat(javascriptOnly.translatableTo("python")).isFalse();
        assertThat(javascriptOnly.translatableTo("klingon")).isFalse();
    }
}
