package org.couchtck.kit.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.couchtck.kit.endpoint.HttpFixtures.fixture;
import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.couchtck.kit.cases.FixtureException;
import org.couchtck.kit.cases.FixtureFiles;
import org.couchtck.kit.cases.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HttpCorpusTest {

    private static final String FULL_CASE = """
            {"id": "http.changes.continuous-sees-writes", "level": "SHOULD",
             "description": "a continuous feed shows a write made while it is open",
             "recording": "changes.continuous_writes", "capabilities": ["couchdb>=3.0.0"], "note": "why",
             "databases": ["db", "other"], "names": ["gone"],
             "steps": [
              {"request": {"method": "PUT", "path": "/{{db}}/a", "body": {"n": 1}},
               "expect": {"status": 201, "headers": {"Location": {"$contains": "/a"}},
                          "body": {"ok": true, "id": "a", "rev": {"$type": "string"}}},
               "capture": {"rev_a": "/rev"}, "captureHeaders": {"etag": "ETag"}},
              {"feed": {"kind": "continuous", "path": "/{{db}}/_changes?feed=continuous&heartbeat=200",
                        "auth": "user:bob:se:cret"},
               "during": [{"after": 300, "request": {"method": "PUT", "path": "/{{db}}/a",
                                                     "body": {"_rev": "{{rev_a}}"}},
                           "expect": {"status": 201}, "capture": {"rev_b": "/rev"}}],
               "until": {"events": 2, "within": 5000},
               "expect": {"status": 200, "events": [{"$any": true}, {"id": "a", "changes": [{"rev": "{{rev_b}}"}]}],
                          "heartbeats": {"$atLeast": 1}, "ended": "client", "lastSeq": {"$absent": true}},
               "capture": {"last": "/events/1/seq"}},
              {"request": {"path": "/{{other}}/_changes?since={{last}}", "headers": {"If-None-Match": "{{etag}}"},
                           "auth": "none"},
               "expect": {"status": 401}}
             ]}
            """;

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void should_load_every_field_when_the_fixture_is_valid() throws IOException {
        // given
        write("changes.json", fixture("changes", "[" + FULL_CASE + "]"));

        // when
        HttpCorpus corpus = HttpCorpus.load(dir);

        // then
        HttpCase c = corpus.find("http.changes.continuous-sees-writes").orElseThrow();
        assertThat(c.section()).isEqualTo("changes");
        assertThat(c.level()).isEqualTo(Level.SHOULD);
        assertThat(c.spec()).isEqualTo("src/chttpd/src/chttpd_db.erl");
        assertThat(c.recording()).contains("changes.continuous_writes");
        assertThat(c.capabilities()).containsExactly("couchdb>=3.0.0");
        assertThat(c.note()).isEqualTo("why");
        assertThat(c.databases()).containsExactly("db", "other");
        assertThat(c.names()).containsExactly("gone");
        assertThat(c.sourceFile()).isEqualTo(dir.resolve("changes.json").toString());
        assertThat(c.steps()).hasSize(3);

        RequestStep put = (RequestStep) c.steps().get(0);
        assertThat(put.request().method()).isEqualTo("PUT");
        assertThat(put.request().path()).isEqualTo("/{{db}}/a");
        assertThatJson(put.request().body().orElseThrow().toString()).isEqualTo("{\"n\":1}");
        assertThat(put.request().auth()).isEqualTo(Auth.ADMIN);
        assertThatJson(put.expect().status().orElseThrow().template().toString()).isEqualTo("201");
        assertThat(put.expect().headers()).containsOnlyKeys("Location");
        assertThat(put.capture()).containsEntry("rev_a", "/rev");
        assertThat(put.captureHeaders()).containsEntry("etag", "ETag");

        FeedStep feed = (FeedStep) c.steps().get(1);
        assertThat(feed.kind()).isEqualTo(FeedKind.CONTINUOUS);
        assertThat(feed.request().method()).isEqualTo("GET");
        assertThat(feed.request().auth()).isEqualTo(new Auth(Auth.Kind.USER, "bob", "se:cret"));
        assertThat(feed.during()).singleElement().satisfies(d -> {
            assertThat(d.afterMillis()).isEqualTo(300);
            assertThat(d.capture()).containsEntry("rev_b", "/rev");
        });
        assertThat(feed.until()).isEqualTo(new FeedUntil(OptionalInt.of(2), OptionalLong.of(5000)));
        assertThat(feed.expect().ended()).contains(FeedEnd.CLIENT);
        assertThat(feed.expect().heartbeats()).isPresent();
        assertThat(feed.expect().lastSeq()).isPresent();
        assertThat(feed.capture()).containsEntry("last", "/events/1/seq");

        RequestStep get = (RequestStep) c.steps().get(2);
        assertThat(get.request().method()).isEqualTo("GET");
        assertThat(get.request().headers()).containsEntry("If-None-Match", "{{etag}}");
        assertThat(get.request().auth().kind()).isEqualTo(Auth.Kind.NONE);
    }

    @Test
    void should_default_to_one_database_named_db_when_the_case_names_none() throws IOException {
        // given
        write("a.json", fixture("a", "[{\"id\":\"http.a.x\",\"level\":\"MUST\",\"description\":\"d\","
                + "\"steps\":[{\"request\":{\"path\":\"/{{db}}\"}}]}]"));

        // when
        HttpCase c = HttpCorpus.load(dir).cases().get(0);

        // then
        assertThat(c.databases()).containsExactly("db");
        assertThat(c.names()).isEmpty();
        assertThat(((RequestStep) c.steps().get(0)).expect()).isEqualTo(ReplyExpectation.NONE);
    }

    @Test
    void should_sort_cases_by_file_then_by_position() throws IOException {
        // given
        write("b.json", fixture("b", "[" + minimalCase("http.b.one") + "]"));
        write("a.json", fixture("a", "[" + minimalCase("http.a.two") + "," + minimalCase("http.a.one") + "]"));
        write("notes.txt", "ignored");

        // when
        HttpCorpus corpus = HttpCorpus.load(dir);

        // then
        assertThat(corpus.cases()).extracting(HttpCase::id).containsExactly("http.a.two", "http.a.one", "http.b.one");
        assertThat(corpus.sections()).containsExactly("a", "b");
    }

    @Test
    void should_name_both_files_when_an_id_is_defined_twice() throws IOException {
        // given
        write("a.json", fixture("a", "[" + minimalCase("http.a.same") + "]"));
        write("b.json", fixture("a", "[" + minimalCase("http.a.other") + "," + minimalCase("http.a.same") + "]"));

        // when / then
        assertThatThrownBy(() -> HttpCorpus.load(dir))
                .isInstanceOfSatisfying(FixtureException.class, e -> {
                    assertThat(e.file()).isEqualTo(dir.resolve("b.json").toString());
                    assertThat(e.caseId()).isEqualTo("http.a.same");
                    assertThat(e.pointer()).isEqualTo("/cases/1/id");
                    assertThat(e.getMessage()).endsWith("duplicate id, already defined in " + dir.resolve("a.json"));
                });
    }

    @Test
    void should_load_the_built_in_corpus_when_the_kit_has_no_http_cases_or_some() {
        // when
        HttpCorpus corpus = HttpCorpus.builtIn();

        // then
        assertThat(corpus.cases()).allSatisfy(c -> assertThat(c.id()).startsWith("http."));
    }

    @Test
    void should_find_no_files_when_a_built_in_folder_is_missing() {
        assertThat(FixtureFiles.builtInIfPresent("no-such-folder")).isEqualTo(List.of());
        assertThatThrownBy(() -> FixtureFiles.builtIn("no-such-folder")).isInstanceOf(FixtureException.class);
    }

    static String minimalCase(String id) {
        return "{\"id\":\"" + id + "\",\"level\":\"MUST\",\"description\":\"d\",\"steps\":[{\"request\":"
                + "{\"path\":\"/\"}}]}";
    }
}
