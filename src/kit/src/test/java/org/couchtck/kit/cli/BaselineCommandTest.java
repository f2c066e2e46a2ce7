package org.couchtck.kit.cli;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.couchtck.kit.run.TestTargets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(120)
class BaselineCommandTest {

    @TempDir
    Path dir;

    @Test
    void aBaselineWrittenFromARunsResultsMakesTheSameRunPass() throws Exception {
        // given: a run that fails
        Path reports = dir.resolve("reports");
        String server = TestTargets.commandLine("org.couchtck.kit.testservers.WrongAnswerServer");
        assertThat(new CliRun().couchtck("run", "--server", server, "--fixtures", TestTargets.fixtures().toString(),
                "--report-dir", reports.toString(), "--no-progress")).isEqualTo(1);

        // when
        Path baseline = dir.resolve("known.json");
        CliRun cli = new CliRun();
        int status = cli.couchtck("baseline", reports.toString(), "--out", baseline.toString());

        // then: every failure listed with its reason to edit, and the same run passes with it
        assertThat(status).as(cli.err()).isZero();
        assertThat(cli.err()).contains(" in " + baseline + "; replace each \"TO EDIT:");
        assertThatJson(java.nio.file.Files.readString(baseline)).node("known").isArray().isNotEmpty();
        assertThat(baseline).content().contains("\"reason\" : \"TO EDIT: why this fails; the run said: FAIL step ");
        CliRun again = new CliRun();
        assertThat(again.couchtck("run", "--server", server, "--fixtures", TestTargets.fixtures().toString(),
                "--baseline", baseline.toString(), "--report-dir", dir.resolve("again").toString(),
                "--no-progress")).as(again.out() + again.err()).isZero();
    }

    @Test
    void resultsThatCannotBeReadAreAUsageError() {
        CliRun cli = new CliRun();

        assertThat(cli.couchtck("baseline", dir.resolve("missing.json").toString())).isEqualTo(2);
        assertThat(cli.err()).startsWith("couchtck: " + dir.resolve("missing.json"));
    }
}
