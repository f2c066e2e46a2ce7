package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.Suite;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.report.RunResult;
import org.couchtck.reference.endpoint.ReferenceEndpoint;
import org.couchtck.reference.log.CouchLog;
import org.couchtck.reference.store.ClusterLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The whole HTTP suite, generated suites included, against the reference endpoint simulating a three-node CouchDB
 * cluster (n = 3, q = 2, w = 2; the third copy gets each write 300 ms late, answers the first read of each database,
 * and takes every write the others refuse as a conflict): the kit finds it a cluster and judges it so, and it passes,
 * as CouchDB 3.5.2's own cluster does.
 */
@Timeout(300)
class ReferenceClusterConformanceTest {

    private static final CouchLog QUIET = (level, message) -> { };
    private static final List<String> EVERY_CASE = List.of("http.*");

    @Test
    void theHttpSuitePassesOnTheReferenceSimulatingAThreeNodeCluster() {
        try (ReferenceEndpoint reference = ReferenceEndpoint.start(ReferenceEndpoint.Options.defaults().withLog(QUIET)
                .withCluster(ClusterLayout.of(3, 3, 300).withConflictingWrites()))) {
            RunConfiguration config = new RunConfiguration(Optional.empty(),
                    new TargetProfile("javascript", CouchDbVersion.LATEST, Set.of()), Duration.ofSeconds(10),
                    Optional.empty(), new CaseSelection(EVERY_CASE, List.of(), EnumSet.allOf(
                            org.couchtck.kit.cases.Level.class)), Optional.empty(), Duration.ofSeconds(60),
                    EnumSet.of(Suite.HTTP), Optional.empty(), Optional.empty())
                    .withEndpoint(Optional.of(reference.uri().toString()), Optional.of(reference.admin().name() + ":"
                            + reference.admin().password()));

            RunResult run = ConformanceRunner.run(config, "reference-cluster", ConformanceRunner.Progress.NONE);

            List<CaseResult> broken = run.cases().stream()
                    .filter(c -> !Set.of(Verdict.PASS, Verdict.NA).contains(c.verdict())).toList();
            assertThat(broken).as(() -> broken.stream().map(c -> c.caseId() + " " + c.verdict() + ": " + c.message())
                    .collect(Collectors.joining("\n"))).isEmpty();
            assertThat(run.target().endpoint()).endsWith("(cluster of 3 nodes, n = 3, q = 2)");
            assertThat(run.cases()).filteredOn(c -> c.verdict() == Verdict.PASS).hasSizeGreaterThan(440);
            // the lagging copy was met, and waited for
            assertThat(run.cases()).filteredOn(c -> c.transcript().stream().anyMatch(e -> e.text()
                    .matches("poll: as expected at attempt [2-9][0-9]*, .*"))).hasSizeGreaterThan(20);
            // and conflicting writes it took were judged by what ?conflicts=true shows
            assertThat(run.cases()).filteredOn(c -> c.verdict() == Verdict.PASS && c.message().contains(
                    "?conflicts=true")).extracting(CaseResult::caseId).contains("http.documents.conflict",
                            "http.bulk_docs.conflict-entry");
        }
    }
}
