package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Design-document calls go through the pool as couch_query_servers sends them: a scripted query server of language
 * {@code script} writes every line it gets to a log, so the tests read what the endpoint sent.
 */
class DesignDocCallsTest {

    @TempDir
    Path dir;
    private Path log;
    private QueryServerPool pool;
    private DesignDocCalls calls;

    @BeforeEach
    void start() throws IOException {
        log = dir.resolve("lines.log");
        Path script = dir.resolve("server.sh");
        Files.writeString(script, """
                echo started >> "$1"
                while IFS= read -r line; do
                  printf '%s\\n' "$line" >> "$1"
                  case "$line" in
                    '["reset"'*|'["ddoc","new"'*) echo true ;;
                    *'"fail"'*) echo '["error","oops","on purpose"]' ;;
                    *) echo '[true,[true]]' ;;
                  esac
                done
                """);
        pool = new QueryServerPool(Map.of("COUCHDB_QUERY_SERVER_SCRIPT", "sh '" + script + "' '" + log + "'"));
        calls = new DesignDocCalls(pool, new ViewServers(pool, new NodeConfig()));
    }

    @AfterEach
    void stop() {
        pool.close();
    }

    @Test
    void should_send_a_design_document_once_per_process_and_revision_then_reset_before_each_call() throws IOException {
        // when
        calls.call(ddoc("1-a"), List.of("filters", "f"), args());
        calls.call(ddoc("1-a"), List.of("filters", "f"), args());
        calls.call(ddoc("2-b"), List.of("filters", "f"), args());

        // then
        assertThat(commands()).containsExactly("started", "ddoc new 1-a", "reset", "ddoc call", "reset",
                "ddoc call", "ddoc new 2-b", "reset", "ddoc call");
    }

    @Test
    void should_teach_a_revision_again_after_another_revision_of_the_same_id_replaced_it() throws IOException {
        // when
        calls.call(ddoc("1-a"), List.of("filters", "f"), args());
        calls.call(ddoc("2-b"), List.of("filters", "f"), args());
        calls.call(ddoc("1-a"), List.of("filters", "f"), args());

        // then
        assertThat(commands()).containsExactly("started", "ddoc new 1-a", "reset", "ddoc call", "ddoc new 2-b",
                "reset", "ddoc call", "ddoc new 1-a", "reset", "ddoc call");
    }

    @Test
    void should_stop_the_process_when_a_call_answers_an_error_and_teach_the_next_one_again() throws IOException {
        // given
        calls.call(ddoc("1-a"), List.of("filters", "f"), args());

        // when
        assertThatThrownBy(() -> calls.call(ddoc("1-a"), List.of("filters", "fail"), args()))
                .isInstanceOfSatisfying(CouchError.class, e -> {
                    assertThat(e.status()).isEqualTo(500);
                    assertThat(e.error()).isEqualTo("oops");
                    assertThat(e.reason()).isEqualTo("on purpose");
                });
        calls.call(ddoc("1-a"), List.of("filters", "f"), args());

        // then
        assertThat(commands()).containsExactly("started", "ddoc new 1-a", "reset", "ddoc call", "reset",
                "ddoc call", "started", "ddoc new 1-a", "reset", "ddoc call");
    }

    private static ObjectNode ddoc(String rev) {
        ObjectNode ddoc = Json.object();
        ddoc.put("_id", "_design/d");
        ddoc.put("_rev", rev);
        ddoc.put("language", "script");
        return ddoc;
    }

    private static ArrayNode args() {
        ArrayNode args = Json.MAPPER.createArrayNode();
        args.addArray().addObject();
        return args;
    }

    /** The log, a line a command: what was sent, shortened to its command (and the revision a ddoc new carries). */
    private List<String> commands() throws IOException {
        return Files.readAllLines(log).stream().map(line -> {
            if (line.startsWith("[\"ddoc\",\"new\"")) {
                return "ddoc new " + line.replaceAll(".*\"_rev\":\"([^\"]+)\".*", "$1");
            }
            if (line.startsWith("[\"ddoc\"")) {
                return "ddoc call";
            }
            if (line.startsWith("[\"reset\"")) {
                return "reset";
            }
            return line;
        }).toList();
    }
}
