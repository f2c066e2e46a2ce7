package org.couchtck.kit.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SafeTextTest {

    @Test
    void should_spell_out_characters_illegal_in_xml_when_made_legal() {
        assertThat(SafeText.legal("a\u0000b\u001bc\u007f\u0085\ud800d\udc00\ufffe\uffff"))
                .isEqualTo("a\\u0000b\\u001bc\\u007f\\u0085\\ud800d\\udc00\\ufffe\\uffff");
    }

    @Test
    void should_keep_whitespace_and_surrogate_pairs_when_made_legal() {
        String text = "tab\tnew\nline\rpair\ud83d\ude00 é";
        assertThat(SafeText.legal(text)).isSameAs(text);
    }

    @Test
    void should_not_split_a_surrogate_pair_when_capping() {
        String capped = SafeText.cap("ab\ud83d\ude00" + "c".repeat(40), 3);
        assertThat(capped).isEqualTo("ab… [42 more characters]");
    }

    @Test
    void should_flatten_and_cap_when_made_one_line() {
        assertThat(SafeText.oneLine("  one\n\ttwo\r\nthree  ", 9)).isEqualTo("one two three");
        assertThat(SafeText.oneLine("  one\n\ttwo\r\nthree four five six seven eight nine ten", 9))
                .isEqualTo("one two… [41 more characters]");
        assertThat(SafeText.oneLine(null, 10)).isEmpty();
    }

    @Test
    void should_never_cut_inside_a_word_nor_for_a_few_characters() {
        String sentence = "the endpoint answered 404 earlier in this run for the same request";

        assertThat(SafeText.cap(sentence, sentence.length() - 1)).isEqualTo(sentence);
        assertThat(SafeText.cap(sentence, 30)).isEqualTo("the endpoint answered 404… [41 more characters]");
    }
}
