package org.couchtck.kit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.couchtck.kit.cases.CatalogueFunction;
import org.couchtck.kit.cases.FunctionLibrary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code couchtck functions}: what a language's pack lacks, for translators. */
class FunctionsCommandTest {

    private static final Pattern HEADLINE = Pattern.compile(
            "couchtck functions: the (\\S+) pack has (\\d+) of the (\\d+) functions a \\S+ server needs; (\\d+) missing");

    @TempDir
    Path dir;

    private final CliRun cli = new CliRun();
    private final FunctionLibrary library = FunctionLibrary.builtIn();

    private long translatable(String language) {
        return library.functions().stream().filter(f -> f.translatableTo(language)).count();
    }

    private static Matcher headline(String out) {
        Matcher matcher = HEADLINE.matcher(out);
        assertThat(matcher.find()).as(out).isTrue();
        return matcher;
    }

    private JsonNode json(String text) throws Exception {
        return new ObjectMapper().readTree(text);
    }

    @Test
    void should_say_nothing_is_missing_when_the_language_is_python() {
        int status = cli.couchtck("functions", "--language", "python");

        assertThat(status).as(cli.err()).isZero();
        Matcher headline = headline(cli.out());
        assertThat(headline.group(1)).isEqualTo("python");
        assertThat(headline.group(4)).isEqualTo("0");
        assertThat(Long.parseLong(headline.group(2))).isEqualTo(translatable("python"));
        assertThat(cli.out()).contains("(" + (library.functions().size() - translatable("python"))
                + " more are about another language itself and need none)");
        assertThat(cli.out()).contains("conventions: couchdb-python's view server").doesNotContain("MISSING")
                .doesNotContain("Add the missing sources");
    }

    @Test
    void should_list_every_missing_function_with_statement_and_sources_when_the_language_has_no_pack() {
        int status = cli.couchtck("functions", "--language", "klingon");

        assertThat(status).as(cli.err()).isZero();
        Matcher headline = headline(cli.out());
        assertThat(headline.group(2)).isEqualTo("0");
        assertThat(headline.group(4)).isEqualTo(Long.toString(translatable("klingon")));
        assertThat(cli.out()).doesNotContain("conventions:");
        CatalogueFunction threeFunctions = library.function("map.three-functions").orElseThrow();
        assertThat(cli.out())
                .contains("map.three-functions  (map)  MISSING\n  " + threeFunctions.statement() + "\n")
                .contains("  javascript:\n    function(doc) { emit(doc._id, 1); }\n")
                .contains("  python:\n    def fun(doc):\n        yield doc['_id'], 1\n")
                .contains("Add the missing sources to a pack file {\"language\": \"klingon\", \"functions\": "
                        + "{\"<id>\": \"<source>\"}} and pass it with --functions FILE.");
        assertThat(cli.out()).contains("  used by: ").doesNotContain("map.arrow-functions  (map)");
        assertThat(countOccurrences(cli.out(), "  MISSING\n")).isEqualTo(translatable("klingon"));
    }

    @Test
    void should_list_the_missing_functions_as_json() throws Exception {
        int status = cli.couchtck("functions", "--language", "klingon", "--format", "json");

        assertThat(status).as(cli.err()).isZero();
        JsonNode listed = json(cli.out());
        assertThat(listed.isArray()).isTrue();
        assertThat(listed.size()).isEqualTo(translatable("klingon"));
        JsonNode three = find(listed, "map.three-functions");
        assertThat(three.get("kind").asText()).isEqualTo("map");
        assertThat(three.get("statement").asText()).isEqualTo("emits [doc._id, 1] for every doc");
        assertThat(three.get("missing").asBoolean()).isTrue();
        assertThat(three.get("sources").get("javascript").asText()).isEqualTo("function(doc) { emit(doc._id, 1); }");
        assertThat(three.get("sources").get("python").asText()).isEqualTo("def fun(doc):\n    yield doc['_id'], 1");
        assertThat(three.get("sources").has("klingon")).isFalse();
        assertThat(three.get("usedBy").isArray()).isTrue();
        assertThat(three.get("usedBy").size()).isPositive();
    }

    @Test
    void should_count_the_sources_a_pack_file_adds() throws Exception {
        Path pack = Files.writeString(dir.resolve("klingon.json"), "{\"language\": \"klingon\", \"conventions\": "
                + "\"lambda { |doc| ... }\", \"functions\": {\"map.three-functions\": \"lambda { |doc| emit(doc['_id'], 1) }\"}}");

        int status = cli.couchtck("functions", "--language", "klingon", "--functions", pack.toString(),
                "--format", "json");

        assertThat(status).as(cli.err()).isZero();
        JsonNode listed = json(cli.out());
        assertThat(listed.size()).isEqualTo(translatable("klingon") - 1);
        assertThat(ids(listed)).doesNotContain("map.three-functions").contains("map.valid");
    }

    @Test
    void should_list_every_function_with_its_own_source_when_asked_for_all() throws Exception {
        Path pack = Files.writeString(dir.resolve("klingon.json"), "{\"language\": \"klingon\", \"conventions\": "
                + "\"lambda { |doc| ... }\", \"functions\": {\"map.three-functions\": \"lambda { |doc| 1 }\"}}");

        int status = cli.couchtck("functions", "--language", "klingon", "--functions", pack.toString(), "--all",
                "--format", "json");

        assertThat(status).as(cli.err()).isZero();
        JsonNode listed = json(cli.out());
        assertThat(listed.size()).isEqualTo(translatable("klingon"));
        JsonNode three = find(listed, "map.three-functions");
        assertThat(three.get("missing").asBoolean()).isFalse();
        assertThat(three.get("sources").get("klingon").asText()).isEqualTo("lambda { |doc| 1 }");
        assertThat(find(listed, "map.valid").get("missing").asBoolean()).isTrue();
    }

    @Test
    void should_show_the_javascript_only_functions_to_javascript() throws Exception {
        int status = cli.couchtck("functions", "--language", "javascript", "--all", "--format", "json");

        assertThat(status).as(cli.err()).isZero();
        JsonNode listed = json(cli.out());
        assertThat(listed.size()).isEqualTo(library.functions().size());
        assertThat(ids(listed)).contains("map.arrow-functions");
        assertThat(listed).allSatisfy(f -> assertThat(f.get("missing").asBoolean()).as(f.get("id").asText())
                .isFalse());
    }

    @Test
    void should_exit_2_naming_the_file_when_a_pack_is_malformed() throws Exception {
        Path pack = Files.writeString(dir.resolve("bad.json"), "{\"language\": \"klingon\", \"functions\": "
                + "{\"map.no-such\": \"x\"}}");

        int status = cli.couchtck("functions", "--language", "klingon", "--functions", pack.toString());

        assertThat(status).isEqualTo(2);
        assertThat(cli.err()).contains(pack.toString()).contains("/functions/map.no-such");
    }

    @Test
    void should_need_a_language() {
        assertThat(cli.couchtck("functions")).isEqualTo(2);
        assertThat(cli.err()).contains("--language");
    }

    private static JsonNode find(JsonNode listed, String id) {
        for (JsonNode f : listed) {
            if (f.get("id").asText().equals(id)) {
                return f;
            }
        }
        throw new AssertionError(id + " is not listed");
    }

    private static List<String> ids(JsonNode listed) {
        List<String> ids = new ArrayList<>();
        listed.forEach(f -> ids.add(f.get("id").asText()));
        return ids;
    }

    private static long countOccurrences(String text, String part) {
        long count = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            count++;
        }
        return count;
    }
}
