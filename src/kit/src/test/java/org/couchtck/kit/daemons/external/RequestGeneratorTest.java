package org.couchtck.kit.daemons.external;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.couchtck.kit.daemons.external.RequestObjects.RequestObject;
import org.couchtck.kit.generate.Choices;
import org.couchtck.kit.wire.WireJson;
import org.junit.jupiter.api.Test;

/** Generated requests: ones CouchDB hands on, the same for the same choices, and the simplest for none. */
class RequestGeneratorTest {

    private static RequestObject generate(Choices choices) {
        return RequestObjects.build(RequestGenerator.request(choices), RequestGenerator.uuid(choices));
    }

    @Test
    void every_generated_request_is_one_couchdb_hands_to_a_handler() {
        for (long seed = 0; seed < 2000; seed++) {
            // when: building refuses what CouchDB would answer itself
            RequestObject object = generate(Choices.random(seed));

            // then: one line of JSON that reads back as the object
            assertThat(object.line()).doesNotContain("\n");
            assertThat(WireJson.tryParse(object.line())).isPresent();
        }
    }

    @Test
    void the_same_choices_give_the_same_request() {
        // given
        Choices first = Choices.random(7);
        RequestObject drawn = generate(first);

        // when
        RequestObject replayed = generate(Choices.replay(first.recorded()));

        // then
        assertThat(replayed.line()).isEqualTo(drawn.line());
    }

    @Test
    void no_choices_give_the_simplest_request() {
        // when
        RequestObject simplest = generate(Choices.replay(List.of()));

        // then
        assertThat(simplest.object().get("method").textValue()).isEqualTo("GET");
        assertThat(simplest.object().get("raw_path").textValue()).isEqualTo("/db/_external/couchtck");
        assertThat(simplest.object().get("headers").toString()).isEqualTo("{\"Host\":\"127.0.0.1:5984\"}");
        assertThat(simplest.object().get("uuid").textValue()).isEqualTo("0".repeat(32));
    }

    @Test
    void seeds_reach_unicode_json_keys_forms_and_both_writers() {
        // when
        StringBuilder all = new StringBuilder();
        for (long seed = 0; seed < 300; seed++) {
            all.append(generate(Choices.random(seed)).line()).append('\n');
        }

        // then
        assertThat(all).contains("\"startkey\":").contains("\"form\":{\"").contains("\uD83D\uDE00")
                .contains("\"engine\":\"couch_bt_engine\"").contains("\"method\":\"COPY\"").contains("\"cookie\":{\"");
    }
}
