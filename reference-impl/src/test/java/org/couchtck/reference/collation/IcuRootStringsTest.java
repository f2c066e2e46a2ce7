package org.couchtck.reference.collation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The default string order: ICU's root collation, untouched, as couch_ejson_compare's NIF opens it. */
class IcuRootStringsTest {

    @Test
    void should_put_lowercase_before_uppercase_when_only_case_differs() {
        // given CouchDB's documented sequence "a" < "A" < "aa" < "b" < "B" < "ba" < "bb"
        List<String> documented = List.of("a", "A", "aa", "b", "B", "ba", "bb");

        // when
        List<String> sorted = sorted(List.of("bb", "B", "aa", "ba", "A", "b", "a"));

        // then
        assertThat(sorted).isEqualTo(documented);
    }

    @Test
    void should_ignore_case_when_the_letters_differ() {
        // then: a primary difference wins over any case difference
        assertThat(IcuRootStrings.compare("A", "aa")).isNegative();
        assertThat(IcuRootStrings.compare("a", "AA")).isNegative();
        assertThat(IcuRootStrings.compare("AB", "ab")).isPositive();
        assertThat(IcuRootStrings.compare("Abc", "abc1")).isNegative();
    }

    @Test
    void should_order_whitespace_punctuation_symbols_digits_letters_when_ascii() {
        // given the printable ASCII sequence of ICU >= 59 (CouchDB refuses older ones). CouchDB's documentation shows
        // that of an older ICU, which put ` and ^ first; the recorded views agree with this one ("_" < "-" < "!" <
        // "#" < "~" < "$" < "0" < "a" < "A")
        String modern = "_ - , ; : ! ? . ' \" ( ) [ ] { } @ * / \\ & # % ` ^ + < = > | ~ $ 0 1 2 3 4 5 6 7 8 9 "
                + "a A b B c C d D e E f F g G h H i I j J k K l L m M n N o O p P q Q r R s S t T u U v V w W x X "
                + "y Y z Z";
        List<String> expected = new ArrayList<>();
        expected.add(" ");
        expected.addAll(List.of(modern.split(" ")));
        List<String> shuffled = new ArrayList<>(expected);
        Collections.reverse(shuffled);

        // when
        List<String> sorted = sorted(shuffled);

        // then
        assertThat(sorted).hasSize(95).isEqualTo(expected);
    }

    @Test
    void should_sort_tilde_before_digits_and_letters_when_compared_to_them() {
        // then: unlike ASCII, "~" (0x7e) is a symbol and sorts low
        assertThat(IcuRootStrings.compare("~", "0")).isNegative();
        assertThat(IcuRootStrings.compare("~", "a")).isNegative();
        assertThat(IcuRootStrings.compare("~", "A")).isNegative();
    }

    @Test
    void should_put_accents_after_the_base_letter_and_before_the_next_when_compared() {
        // then: a secondary difference
        assertThat(IcuRootStrings.compare("e", "é")).isNegative();
        assertThat(IcuRootStrings.compare("é", "E")).isPositive();
        assertThat(IcuRootStrings.compare("é", "É")).isNegative();
        assertThat(IcuRootStrings.compare("é", "f")).isNegative();
        assertThat(IcuRootStrings.compare("résumé", "resume")).isPositive();
        assertThat(IcuRootStrings.compare("ß", "ss")).isPositive();
        assertThat(IcuRootStrings.compare("ß", "st")).isNegative();
    }

    @Test
    void should_treat_canonically_equivalent_forms_as_equal_when_normalization_is_off() {
        // then: ICU's root data is closed over canonical equivalence, so FCD text needs no normalization
        assertThat(IcuRootStrings.compare("é", "e\u0301")).isZero();
        assertThat(IcuRootStrings.compare("\u00c5", "\u212b")).isZero();
        assertThat(IcuRootStrings.compare("\u00c5", "A\u030a")).isZero();
    }

    @Test
    void should_ignore_control_characters_and_nul_when_they_are_completely_ignorable() {
        // then: no identical level, so ignorable code points make no difference at all
        assertThat(IcuRootStrings.compare("a\u0000b", "ab")).isZero();
        assertThat(IcuRootStrings.compare("a\u0001", "a")).isZero();
        assertThat(IcuRootStrings.compare("\u0000", "")).isZero();
    }

    @Test
    void should_sort_the_empty_string_first_and_tab_as_whitespace_when_compared() {
        // then
        assertThat(IcuRootStrings.compare("", " ")).isNegative();
        assertThat(IcuRootStrings.compare("\t", " ")).isNegative();
        assertThat(IcuRootStrings.compare(" ", "_")).isNegative();
        assertThat(IcuRootStrings.compare("", "a")).isNegative();
    }

    @Test
    void should_collate_supplementary_characters_as_whole_code_points_when_surrogate_pairs() {
        // given "😀" U+1F600 and "😁" U+1F601, symbols; "𝐚" U+1D41A, a mathematical letter a
        // then
        assertThat(IcuRootStrings.compare("\ud83d\ude00", "\ud83d\ude01")).isNegative();
        assertThat(IcuRootStrings.compare("\ud83d\ude00", "0")).isNegative();
        assertThat(IcuRootStrings.compare("~", "\ud83d\ude00")).isNegative();
        assertThat(IcuRootStrings.compare("\ud835\udc1a", "a")).isPositive();
        assertThat(IcuRootStrings.compare("\ud835\udc1a", "b")).isNegative();
    }

    @Test
    void should_order_scripts_latin_greek_cyrillic_han_when_letters_of_each_meet() {
        // when
        List<String> sorted = sorted(List.of("中", "Ж", "z", "α"));

        // then
        assertThat(sorted).containsExactly("z", "α", "Ж", "中");
    }

    @Test
    void should_give_the_same_answers_when_many_threads_compare_at_once() throws Exception {
        // given strings off the Latin fast path, where a shared collator would need its lock
        List<String> words = List.of("中", "日本", "Ж", "α", "😀", "é", "e\u0301", "Å", "ß", "ａ", "z");
        List<Integer> expected = pairwise(words);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<List<Integer>>> tasks = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                tasks.add(() -> {
                    List<Integer> last = null;
                    for (int round = 0; round < 200; round++) {
                        last = pairwise(words);
                    }
                    return last;
                });
            }

            // when
            List<Future<List<Integer>>> results = pool.invokeAll(tasks);

            // then
            for (Future<List<Integer>> result : results) {
                assertThat(result.get()).isEqualTo(expected);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<Integer> pairwise(List<String> words) {
        List<Integer> out = new ArrayList<>();
        for (String a : words) {
            for (String b : words) {
                out.add(IcuRootStrings.compare(a, b));
            }
        }
        return out;
    }

    private static List<String> sorted(List<String> strings) {
        List<String> copy = new ArrayList<>(strings);
        copy.sort(IcuRootStrings::compare);
        return copy;
    }
}
