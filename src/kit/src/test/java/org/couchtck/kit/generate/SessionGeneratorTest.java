package org.couchtck.kit.generate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.List;
import java.util.stream.Collectors;
import org.couchtck.kit.cases.FunctionLibrary;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.WireJson;
import org.junit.jupiter.api.Test;

class SessionGeneratorTest {

    private static final String RESET = "[\"reset\",{\"reduce_limit\":true,\"timeout\":5000}]";
    private static final SessionGenerator SESSIONS = new SessionGenerator(new JavaScriptRenderer(),
            new ProtocolShape(RESET, true));

    private static String commands(Session session) {
        return session.lines().stream().map(SessionGeneratorTest::command).collect(Collectors.joining(" "));
    }

    private static String command(String line) {
        try {
            JsonNode message = WireJson.parse(line);
            return message.get(0).textValue();
        } catch (MalformedLineException e) {
            throw new AssertionError(line, e);
        }
    }

    @Test
    void should_give_the_simplest_sessions_when_every_choice_is_zero() {
        // when
        Session map = SESSIONS.mapSession(Choices.replay(List.of()));
        Session full = SESSIONS.fullSession(Choices.replay(List.of()));

        // then
        // CouchDB only sends reduce for a view with a reduce function: the simplest has one, and rereduces nothing
        String sum = WireJson.write(JsonNodeFactory.instance.textNode(
                FunctionLibrary.builtIn().source("reduce.generated-sum", "javascript").orElseThrow()));
        // and CouchDB adds a view's map function before any map_doc: the simplest session has one that emits nothing
        String simplestMap = "[\"add_fun\",\"function(doc) { }\"]";
        assertThat(map.lines()).containsExactly(RESET, simplestMap);
        assertThat(full.lines()).containsExactly(RESET, simplestMap, RESET,
                "[\"reduce\",[" + sum + "],[],\"" + ProtocolShape.CONTEXT + "\"]",
                "[\"rereduce\",[" + sum + "],[],\"" + ProtocolShape.CONTEXT + "\"]");
    }

    @Test
    void should_write_the_same_session_in_the_targets_language_and_in_javascript_for_the_reference() {
        // given
        SessionGenerator python = new SessionGenerator(new PythonRenderer(), new ProtocolShape(RESET, true), false);

        // when
        Session session = python.fullSession(Choices.random(3));

        // then the lines are the same but for the functions
        assertThat(session.lines()).hasSameSizeAs(session.referenceLines());
        for (int i = 0; i < session.lines().size(); i++) {
            String line = session.lines().get(i);
            String reference = session.referenceLines().get(i);
            if (line.startsWith("[\"add_fun\"") || line.startsWith("[\"reduce\"")
                    || line.startsWith("[\"rereduce\"")) {
                assertThat(line).contains("def fun(");
                assertThat(reference).contains("function(").doesNotContain("def fun(");
            } else {
                assertThat(line).isEqualTo(reference);
            }
        }
        assertThat(session.lines()).noneMatch(line -> line.startsWith("[\"add_lib\""));
    }

    @Test
    void should_talk_in_the_indexers_order_for_every_seed() {
        for (long seed = 0; seed < 300; seed++) {
            // when
            Session session = SESSIONS.fullSession(Choices.random(seed));

            // then
            assertThat(commands(session)).as("seed " + seed)
                    .matches("reset( add_lib)?( add_fun)*( map_doc)* reset reduce( rereduce)?");
        }
    }

    @Test
    void should_read_the_library_only_in_sessions_that_add_it() {
        // given
        int readers = 0;

        // when
        for (long seed = 0; seed < 300; seed++) {
            Session session = SESSIONS.fullSession(Choices.random(seed));
            boolean reads = session.lines().stream().anyMatch(line -> line.contains("require("));
            boolean adds = session.lines().stream().anyMatch(line -> line.startsWith("[\"add_lib\""));

            // then
            assertThat(!reads || adds).as("seed " + seed).isTrue();
            readers += reads ? 1 : 0;
        }
        assertThat(readers).isPositive();
    }

    @Test
    void should_send_reduce_without_context_when_the_version_predates_it() {
        // given
        ReduceLines old = ReduceLines.builtIn("javascript", new ProtocolShape(RESET, false));

        // when
        String reduce = old.reduce(List.of(new ReduceFunction(ReduceFunction.Algebra.SUM)),
                SessionGenerator.rows(Choices.replay(List.of())));

        // then
        assertThat(reduce).startsWith("[\"reduce\",[\"function(keys, values, rereduce)").endsWith("\"],[]]");
    }

    @Test
    void should_generate_identical_sessions_when_the_seed_is_the_same() {
        for (long seed = 0; seed < 50; seed++) {
            assertThat(SESSIONS.fullSession(Choices.random(seed)))
                    .isEqualTo(SESSIONS.fullSession(Choices.random(seed)));
        }
    }
}
