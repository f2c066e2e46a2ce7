package org.couchtck.kit.check;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class JsonShowTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void a_short_value_is_shown_whole() throws Exception {
        assertThat(JsonShow.brief(JSON.readTree("[\"error\",\"x\",\"y\"]"))).isEqualTo("[\"error\",\"x\",\"y\"]");
    }

    @Test
    void a_cut_array_says_how_many_elements_it_had_before_the_cut() throws Exception {
        // given a four-element error whose third element is long enough to push the fourth out of sight
        JsonNode reply = JSON.readTree("[\"error\",\"NoMethodError\",\"" + "Expression does not evaluate ".repeat(5)
                + "\",[\"backtrace line 1\",\"backtrace line 2\"]]");

        // when
        String shown = JsonShow.brief(reply);

        // then
        assertThat(shown).startsWith("(an array of 4 elements, " + reply.toString().length() + " characters in all) ")
                .contains("[\"error\",\"NoMethodError\",\"Expression").endsWith("...");
    }

    @Test
    void a_cut_object_says_how_many_members_it_had() throws Exception {
        JsonNode object = JSON.readTree("{\"a\":\"" + "x".repeat(100) + "\",\"b\":1}");

        assertThat(JsonShow.brief(object)).startsWith("(an object of 2 members, ");
    }
}
