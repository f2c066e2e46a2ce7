package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.stream.Collectors;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.report.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The whole built-in corpus against the reference query server: the reference must be conformant. */
@Timeout(600)
class ReferenceConformanceTest {

    @Test
    void reference_passes_every_applicable_must_and_should_case() {
        RunResult run = ConformanceRunner.run(RunConfiguration.defaults(), "reference-conformance",
                ConformanceRunner.Progress.NONE);

        List<CaseResult> broken = run.cases().stream()
                .filter(c -> EnumSet.of(Level.MUST, Level.SHOULD).contains(c.level()))
                .filter(c -> c.verdict() != Verdict.PASS && c.verdict() != Verdict.NA)
                .toList();
        assertThat(run.cases()).hasSizeGreaterThanOrEqualTo(120);
        assertThat(broken)
                .as(() -> broken.stream().map(c -> c.caseId() + " " + c.verdict() + ": " + c.message()
                        + "\n    expected " + c.expected() + "\n    actual   " + c.actual())
                        .collect(Collectors.joining("\n")))
                .isEmpty();
    }
}
