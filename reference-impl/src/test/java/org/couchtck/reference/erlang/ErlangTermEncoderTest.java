package org.couchtck.reference.erlang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** Byte-level checks against what {@code term_to_binary(T, [{minor_version, 1}])} gives for small terms. */
class ErlangTermEncoderTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void should_write_atoms_as_latin1_atom_ext_when_minor_version_is_1() {
        // when
        byte[] bytes = new ErlangTermEncoder().atom("true").toByteArray();

        // then: 131, ATOM_EXT, 16-bit length, the name
        assertThat(bytes).containsExactly(131, 100, 0, 4, 't', 'r', 'u', 'e');
    }

    @Test
    void should_reject_an_atom_when_it_needs_utf8() {
        assertThatThrownBy(() -> new ErlangTermEncoder().atom("\u4e2d"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_pick_the_smallest_integer_encoding_when_writing_integers() {
        assertThat(new ErlangTermEncoder().integer(255).toByteArray()).containsExactly(131, 97, 255);
        assertThat(new ErlangTermEncoder().integer(256).toByteArray()).containsExactly(131, 98, 0, 0, 1, 0);
        assertThat(new ErlangTermEncoder().integer(-1).toByteArray()).containsExactly(131, 98, 255, 255, 255, 255);
        assertThat(new ErlangTermEncoder().integer(Integer.MIN_VALUE).toByteArray())
                .containsExactly(131, 98, 128, 0, 0, 0);
        // 2^31 no longer fits INTEGER_EXT: SMALL_BIG_EXT, 4 bytes, positive, little-endian magnitude
        assertThat(new ErlangTermEncoder().integer(1L << 31).toByteArray())
                .containsExactly(131, 110, 4, 0, 0, 0, 0, 128);
        assertThat(new ErlangTermEncoder().integer(-(1L << 40)).toByteArray())
                .containsExactly(131, 110, 6, 1, 0, 0, 0, 0, 0, 1);
        assertThat(new ErlangTermEncoder().integer(BigInteger.ONE.shiftLeft(64)).toByteArray())
                .containsExactly(131, 110, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
    }

    @Test
    void should_use_large_big_ext_when_the_magnitude_exceeds_255_bytes() {
        // when
        byte[] bytes = new ErlangTermEncoder().integer(BigInteger.ONE.shiftLeft(8 * 256)).toByteArray();

        // then: LARGE_BIG_EXT, 32-bit length 257, sign, 256 zero bytes, then 1
        assertThat(bytes).hasSize(1 + 1 + 4 + 1 + 257);
        assertThat(bytes).startsWith(131, 111, 0, 0, 1, 1, 0);
        assertThat(bytes[bytes.length - 1]).isEqualTo((byte) 1);
    }

    @Test
    void should_write_a_float_as_a_big_endian_double_when_minor_version_is_1() {
        assertThat(new ErlangTermEncoder().floatingPoint(1.5).toByteArray())
                .containsExactly(131, 70, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void should_write_ejson_when_given_json() throws Exception {
        // given
        JsonNode value = JSON.readTree("{\"a\":[1,2,3],\"b\":[],\"c\":{},\"d\":null,\"e\":[256]}");

        // when
        byte[] bytes = new ErlangTermEncoder().json(value).toByteArray();

        // then: {[{<<"a">>,[1,2,3]},{<<"b">>,[]},{<<"c">>,{[]}},{<<"d">>,null},{<<"e">>,[256]}]}
        assertThat(bytes).containsExactly(
                131, 104, 1, 108, 0, 0, 0, 5,
                104, 2, 109, 0, 0, 0, 1, 'a', 107, 0, 3, 1, 2, 3, // a list of bytes is STRING_EXT
                104, 2, 109, 0, 0, 0, 1, 'b', 106,
                104, 2, 109, 0, 0, 0, 1, 'c', 104, 1, 106,
                104, 2, 109, 0, 0, 0, 1, 'd', 100, 0, 4, 'n', 'u', 'l', 'l',
                104, 2, 109, 0, 0, 0, 1, 'e', 108, 0, 0, 0, 1, 98, 0, 0, 1, 0, 106,
                106);
    }

    @Test
    void should_write_strings_as_utf8_binaries_when_given_json_text() throws Exception {
        assertThat(new ErlangTermEncoder().json(JSON.readTree("\"\u00e0\"")).toByteArray())
                .containsExactly(131, 109, 0, 0, 0, 2, 0xc3, 0xa0);
    }
}
