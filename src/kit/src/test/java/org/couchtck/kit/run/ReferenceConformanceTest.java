package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.couchtck.kit.cases.Conformance;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.report.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The whole built-in corpus against the reference query server, with the reference's committed baseline: every
 * applicable MUST and SHOULD case passes, except what the baseline lists with a reason — and a baseline entry that
 * passes again would be STALE and fail this test. The reference is a drop-in replacement of couchjs, so it is held to
 * the whole couchjs profile.
 */
@Timeout(600)
class ReferenceConformanceTest {

    private static final Set<Verdict> ACCEPTED = EnumSet.of(Verdict.PASS, Verdict.NA, Verdict.KNOWN);

    @Test
    void reference_passes_every_applicable_must_and_should_case() {
        Path baseline = ProjectFiles.root().resolve("reports/baselines/reference.json");
        assertThat(baseline).isRegularFile();
        RunConfiguration defaults = RunConfiguration.defaults();
        RunConfiguration config = new RunConfiguration(defaults.server(),
                defaults.profile().withConformance(Conformance.COUCHJS), defaults.timeout(), defaults.fixtures(),
                defaults.selection(), Optional.of(baseline));

        RunResult run = ConformanceRunner.run(config, "reference-conformance", ConformanceRunner.Progress.NONE);

        List<CaseResult> broken = run.cases().stream()
                .filter(c -> EnumSet.of(Level.MUST, Level.SHOULD).contains(c.level()))
                .filter(c -> !ACCEPTED.contains(c.verdict()))
                .toList();
        assertThat(run.cases()).hasSizeGreaterThanOrEqualTo(240);
        assertThat(broken)
                .as(() -> broken.stream().map(c -> c.caseId() + " " + c.verdict() + ": " + c.message()
                        + "\n    expected " + c.expected() + "\n    actual   " + c.actual())
                        .collect(Collectors.joining("\n")))
                .isEmpty();
        assertThat(run.cases()).filteredOn(c -> c.verdict() == Verdict.KNOWN)
                .as("the baseline stays small: each entry is a documented gap of the reference")
                .hasSizeLessThanOrEqualTo(Baseline.read(baseline).ids().size());
        assertThat(run.passed()).isTrue();
    }
}
