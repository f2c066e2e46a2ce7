package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.cases.Suite;
import org.junit.jupiter.api.Test;

class CaseCatalogueTest {

    private final CaseCatalogue catalogue = CaseCatalogue.of(List.of(
            new CaseCatalogue.Entry("qs.map_doc.one", Suite.QUERY_SERVER, Level.MUST, Set.of()),
            new CaseCatalogue.Entry("qs.sandbox.loop", Suite.QUERY_SERVER, Level.SHOULD, Set.of("sandbox.timeout")),
            new CaseCatalogue.Entry("http.views.one", Suite.HTTP, Level.MUST, Set.of("ddoc.views-filter"))));

    private static CaseSelection include(String... globs) {
        return new CaseSelection(List.of(globs), List.of(), EnumSet.allOf(Level.class));
    }

    @Test
    void aSelectionThatTakesCasesOfTheRunsSuitesIsFine() {
        assertThat(catalogue.whyNothingSelected(include("qs.map_doc.*", "http.views.*"), Set.of(Suite.HTTP)))
                .isEmpty();
        assertThat(catalogue.whyNothingSelected(CaseSelection.all(), Set.of(Suite.QUERY_SERVER))).isEmpty();
    }

    @Test
    void aGlobThatMatchesNothingAtAllIsATypoWithTheNearestSection() {
        assertThat(catalogue.whyNothingSelected(include("qs.mapdoc.*"), EnumSet.allOf(Suite.class))).contains(
                "--include 'qs.mapdoc.*' matches no case (did you mean 'qs.map_doc.*'?); `couchtck list` shows the "
                        + "case ids");
        assertThat(catalogue.whyNothingSelected(include("zzz"), EnumSet.allOf(Suite.class)).orElseThrow())
                .doesNotContain("did you mean");
    }

    @Test
    void globsOfOtherSuitesOnlyOrLevelsThatLeaveNothingSaySo() {
        assertThat(catalogue.whyNothingSelected(include("qs.*"), Set.of(Suite.HTTP)).orElseThrow())
                .startsWith("--include 'qs.*' matches no case of the suites this run takes (http; --suite chooses)");
        assertThat(catalogue.whyNothingSelected(new CaseSelection(List.of("qs.map_doc.*"), List.of(),
                EnumSet.of(Level.INFO)), Set.of(Suite.QUERY_SERVER)).orElseThrow())
                .startsWith("the selection takes no case of query-server");
    }

    @Test
    void unknownFeaturesAreNamedWithWhatTheyMayHaveMeant() {
        assertThat(catalogue.unknownFeatures(Set.of("sandbox.timeout"))).isEmpty();
        assertThat(catalogue.unknownFeatures(Set.of("sandbox.timout", "ddoc"))).contains("--without: no case needs "
                + "'ddoc' (the features under it: ddoc.views-filter), nor 'sandbox.timout' (did you mean "
                + "'sandbox.timeout'?); the features cases need: ddoc.views-filter, sandbox.timeout");
    }

    @Test
    void theBuiltInCatalogueHoldsEverySuite() {
        CaseCatalogue builtIn = CaseCatalogue.of(java.util.Optional.empty());

        for (Suite suite : Suite.values()) {
            assertThat(builtIn.whyNothingSelected(CaseSelection.all(), Set.of(suite))).as(suite.id()).isEmpty();
        }
        assertThat(builtIn.unknownFeatures(Set.of("externals.proxy", "global_changes", "single_node"))).isEmpty();
    }
}
