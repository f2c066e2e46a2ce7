package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import org.couchtck.kit.cases.Case;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.cases.Level;
import org.junit.jupiter.api.Test;

class CaseSelectionTest {

    private final List<Case> cases = Corpus.load(TestTargets.fixtures()).cases();

    @Test
    void should_take_every_case_when_nothing_is_said() {
        assertThat(cases).allMatch(CaseSelection.all()::includes);
    }

    @Test
    void should_take_only_matching_ids_when_include_globs_are_given() {
        CaseSelection selection = new CaseSelection(List.of("qs.protocol.map-*", "*python*"), List.of(),
                EnumSet.allOf(Level.class));

        assertThat(cases.stream().filter(selection::includes).map(Case::id))
                .containsExactly("qs.protocol.map-one-function", "qs.protocol.python-only");
    }

    @Test
    void should_leave_out_excluded_ids_even_when_included() {
        CaseSelection selection = new CaseSelection(List.of("qs.protocol.*"), List.of("*.python-only",
                "qs.protocol.?eset-answers-true"), EnumSet.allOf(Level.class));

        assertThat(cases.stream().filter(selection::includes).map(Case::id))
                .doesNotContain("qs.protocol.python-only", "qs.protocol.reset-answers-true")
                .hasSize(3);
    }

    @Test
    void should_take_only_the_levels_asked_for() {
        CaseSelection selection = new CaseSelection(List.of(), List.of(), EnumSet.of(Level.SHOULD));

        assertThat(cases.stream().filter(selection::includes).map(Case::id))
                .containsExactly("qs.protocol.log-before-reply");
    }

    @Test
    void glob_dots_are_literal() {
        assertThat(CaseSelection.matches("qs.map_doc.*", "qs.map_doc.x")).isTrue();
        assertThat(CaseSelection.matches("qs.map_doc.*", "qsXmap_docYx")).isFalse();
        assertThat(CaseSelection.matches("qs.*", "qs.")).isTrue();
    }
}
