package org.couchtck.reference.collation;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Strings by their UTF-8 bytes, as Erlang compares binaries: raw string keys and every view's document ids. */
class CodePointStringsTest {

    @Test
    void should_put_uppercase_before_lowercase_when_ordering_bytes() {
        // then
        assertThat(CodePointStrings.compare("B", "a")).isNegative();
        assertThat(CodePointStrings.compare("Z", "_")).isNegative();
        assertThat(CodePointStrings.compare("_", "a")).isNegative();
        assertThat(CodePointStrings.compare("~", "\u00a0")).isNegative();
    }

    @Test
    void should_sort_a_prefix_first_when_one_string_starts_the_other() {
        // then
        assertThat(CodePointStrings.compare("", "\u0000")).isNegative();
        assertThat(CodePointStrings.compare("a", "a\u0000")).isNegative();
        assertThat(CodePointStrings.compare("ab", "ab")).isZero();
        assertThat(CodePointStrings.compare("abc", "ab")).isPositive();
    }

    @Test
    void should_put_supplementary_characters_after_the_bmp_when_utf16_would_not() {
        // given "ａ" U+FF41 and "😀" U+1F600: in UTF-16 the emoji's surrogate D83D sorts before FF41
        String fullwidth = "\uff41";
        String emoji = "\ud83d\ude00";

        // then
        assertThat(fullwidth.compareTo(emoji)).isPositive();
        assertThat(CodePointStrings.compare(fullwidth, emoji)).isNegative();
        assertThat(CodePointStrings.compare("x" + emoji, "x" + fullwidth)).isPositive();
        assertThat(CodePointStrings.compare(emoji, "\ud83d\ude01")).isNegative();
    }

    @Test
    void should_agree_with_utf8_bytes_when_strings_are_well_formed() {
        // given
        List<String> strings = List.of("", "a", "A", "aa", "é", "e\u0301", "\u00ff", "\u0100", "\ud7ff", "\ue000",
                "\uffff", "\ud800\udc00", "\ud83d\ude00", "\udbff\udfff", "中", "a\ud83d\ude00", "a\uffff", "\u0000");

        // then
        for (String a : strings) {
            for (String b : strings) {
                assertThat(CodePointStrings.compare(a, b))
                        .as("%s vs %s", escape(a), escape(b))
                        .isEqualTo(Integer.signum(Arrays.compareUnsigned(utf8(a), utf8(b))));
            }
        }
    }

    @Test
    void should_place_lone_surrogates_at_their_code_points_when_strings_are_not_well_formed() {
        // given a lone surrogate, U+D800, between U+D7FF and U+E000, and below every supplementary character
        String lone = "\ud800";

        // then
        assertThat(CodePointStrings.compare("\ud7ff", lone)).isNegative();
        assertThat(CodePointStrings.compare(lone, "\ue000")).isNegative();
        assertThat(CodePointStrings.compare(lone, "\ud800\udc00")).isNegative();
        assertThat(CodePointStrings.compare(lone + "x", "\ud800\udc00")).isNegative();
        assertThat(CodePointStrings.compare("\udc00", "\ud800\udc00")).isNegative();
        assertThat(CodePointStrings.compare("\ud800\udc00", lone + "\udbff")).isPositive();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String escape(String s) {
        StringBuilder out = new StringBuilder();
        s.chars().forEach(c -> out.append(String.format("\\u%04x", c)));
        return out.toString();
    }
}
