package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.couchtck.kit.cases.Suite;
import org.couchtck.kit.endpoint.HttpCase;
import org.couchtck.kit.endpoint.HttpCorpus;
import org.couchtck.kit.endpoint.generated.ProxySuites;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.UniqueId;

class HttpSuiteRunTest {

    /** A suite of the HTTP cases {@code cases}, each in a section of its own. */
    private static SuiteDescriptor suite(HttpCase... cases) {
        SuiteDescriptor suite = new SuiteDescriptor(UniqueId.forEngine("couchtck"), Suite.HTTP);
        for (HttpCase c : cases) {
            SectionDescriptor section = new SectionDescriptor(suite.getUniqueId(), c.section());
            section.addChild(new HttpCaseDescriptor(section.getUniqueId(), c));
            suite.addChild(section);
        }
        return suite;
    }

    private static HttpCase builtIn(String id) {
        return HttpCorpus.builtIn().find(id).orElseThrow();
    }

    @Test
    void should_set_up_the_externals_only_for_a_run_with_a_case_that_needs_them() {
        // given
        HttpCase plain = builtIn("http.documents.get-missing-404");
        HttpCase blacklist = builtIn("http.config.blacklist-os-daemons");

        // then
        assertThat(HttpSuiteRun.needsExternals(suite(plain, blacklist))).isFalse();
        assertThat(HttpSuiteRun.needsExternals(suite(plain, builtIn("http.proxy.path")))).isTrue();
        assertThat(HttpSuiteRun.needsExternals(suite(builtIn("http.daemons.halted-after-failures")))).isTrue();
        assertThat(HttpSuiteRun.needsExternals(suite(ProxySuites.find(ProxySuites.TRANSPARENCY).orElseThrow())))
                .isTrue();
    }

    @Test
    void should_bound_a_cases_waits_by_its_delays_polls_and_feeds() {
        // then: 2 x (5.5 s delay + a poll of up to 120 s); a feed until 8 s; nothing to wait for
        assertThat(HttpSuiteRun.waitBound(builtIn("http.autoindex.incremental"))).isEqualTo(251_000);
        assertThat(HttpSuiteRun.waitBound(builtIn("http.db_updates.own-events-since"))).isEqualTo(8_000);
        assertThat(HttpSuiteRun.waitBound(builtIn("http.documents.get-missing-404"))).isZero();
    }
}
