package org.couchtck.reference.erlang;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class ErlangEqualityTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static boolean equal(String a, String b) throws Exception {
        JsonNode left = JSON.readTree(a);
        JsonNode right = JSON.readTree(b);
        return ErlangEquality.equal(left, right);
    }

    @Test
    void should_compare_numbers_by_value_whatever_their_notation() throws Exception {
        assertThat(equal("1", "1.0")).isTrue();
        assertThat(equal("[1000]", "[1e3]")).isTrue();
        assertThat(equal("123456789012345678901", "123456789012345678901")).isTrue();
        assertThat(equal("1", "2")).isFalse();
    }

    @Test
    void should_compare_strings_by_their_characters_and_never_equal_a_number() throws Exception {
        assertThat(equal("\"a\"", "\"a\"")).isTrue();
        assertThat(equal("\"a\"", "\"A\"")).isFalse();
        assertThat(equal("\"1\"", "1")).isFalse();
    }

    @Test
    void should_compare_objects_member_by_member_in_order() throws Exception {
        assertThat(equal("{\"a\":1,\"b\":[2.0]}", "{\"a\":1.0,\"b\":[2]}")).isTrue();
        assertThat(equal("{\"a\":1,\"b\":2}", "{\"b\":2,\"a\":1}")).isFalse();
        assertThat(equal("{\"a\":1}", "{\"a\":1,\"b\":2}")).isFalse();
        assertThat(equal("[1,2]", "[1]")).isFalse();
        assertThat(equal("null", "false")).isFalse();
    }
}
