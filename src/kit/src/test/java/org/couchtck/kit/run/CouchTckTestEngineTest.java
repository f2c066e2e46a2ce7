package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

@Timeout(120)
class CouchTckTestEngineTest {

    private static final UniqueId ENGINE = UniqueId.forEngine("couchtck");

    @Test
    void cases_are_tests_with_ids_built_from_section_and_case_id() {
        Events tests = EngineTestKit.engine(new CouchTckTestEngine())
                .selectors(selectUniqueId(ENGINE))
                .configurationParameters(TestTargets.againstReference().toParameters())
                .execute()
                .testEvents();

        assertThat(tests.started().map(e -> e.getTestDescriptor().getUniqueId().toString()))
                .contains("[engine:couchtck]/[suite:query-server]/[section:protocol]/[case:qs.protocol.reset-answers-true]");
        tests.assertStatistics(stats -> stats.started(4).succeeded(4).failed(0).skipped(1));
    }

    @Test
    void a_case_can_be_selected_alone_by_its_unique_id() {
        UniqueId one = ENGINE.append("suite", "query-server").append("section", "protocol").append("case", "qs.protocol.map-one-function");

        Events tests = EngineTestKit.engine(new CouchTckTestEngine())
                .selectors(selectUniqueId(one))
                .configurationParameters(TestTargets.againstReference().toParameters())
                .execute()
                .testEvents();

        tests.assertStatistics(stats -> stats.started(1).succeeded(1));
    }

    @Test
    void failures_of_the_target_are_failed_tests_and_not_applicable_cases_are_skipped() {
        Events tests = EngineTestKit.engine(new CouchTckTestEngine())
                .selectors(selectUniqueId(ENGINE))
                .configurationParameters(TestTargets.against("org.couchtck.kit.testservers.WrongAnswerServer",
                        Duration.ofSeconds(5)).toParameters())
                .execute()
                .testEvents();

        // The SHOULD case is a WARN, which the Platform sees as a success.
        tests.assertStatistics(stats -> stats.started(4).failed(3).succeeded(1).skipped(1));
        assertThat(tests.skipped().map(e -> e.getTestDescriptor().getDisplayName()))
                .containsExactly("qs.protocol.python-only");
    }

    @Test
    void the_engine_discovers_nothing_unless_asked_by_unique_id() {
        Events tests = EngineTestKit.engine(new CouchTckTestEngine())
                .selectors(selectClass(CouchTckTestEngineTest.class))
                .execute()
                .testEvents();

        tests.assertStatistics(stats -> stats.started(0));
    }
}
