package org.couchtck.kit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.run.TestTargets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run stopped by SIGTERM (a CI timeout) or SIGINT (Ctrl-C) writes what it judged so far, marked as interrupted, and
 * exits with the signal's status. The kit runs in a JVM of its own, against a server that stops answering once the run
 * is under way; the test waits for that, not for a time.
 */
@Timeout(120)
class InterruptedRunTest {

    @TempDir
    Path dir;

    @Test
    void aRunStoppedBySigtermWritesWhatItJudgedMarkedInterrupted() throws Exception {
        // given: a run in progress, its server stalled on a map_doc with ten minutes to answer
        Path marker = dir.resolve("stalled");
        Path reports = dir.resolve("reports");
        Process kit = kitUntil(marker, "run", "--fixtures", TestTargets.fixtures().toString(), "--server",
                TestTargets.commandLine(org.couchtck.kit.testservers.StallingServer.class.getName()) + " '"
                        + marker + "'", "--timeout", "10m", "--report-dir", reports.toString(), "--no-progress");

        // when
        kit.destroy();

        // then
        assertThat(kit.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(kit.exitValue()).isEqualTo(143);
        assertThat(Files.readString(dir.resolve("err.txt"))).containsPattern("couchtck: interrupted after \\d+ of "
                + "\\d+ cases; what was judged is in " + java.util.regex.Pattern.quote(reports.toString()));
        assertThat(Files.readString(reports.resolve("results.json"))).containsPattern(
                "\"unfinished\" *: *\"interrupted after \\d+ of \\d+ cases\"").contains("\"passed\" : false");
        assertThat(Files.readString(reports.resolve("junit.xml"))).contains("name=\"couchtck.run\"")
                .containsPattern("<error message=\"interrupted after \\d+ of \\d+ cases\"");
        assertThat(Files.readString(reports.resolve("summary.md"))).contains("❌ interrupted after ");
        assertThat(reports.resolve("report.html")).isRegularFile();
    }

    @Test
    void aRunStoppedWhileItsEndpointStartsWritesThatNoCaseRanAndLeavesNoProcessBehind() throws Exception {
        // given a run whose launched endpoint never starts listening, with ten minutes to start
        Path started = Files.createDirectories(dir.resolve("endpoint"));
        Path reports = dir.resolve("reports");
        Process kit = kitUntil(started.resolve("starts"), "run", "--suite", "http", "--endpoint-command",
                TestTargets.commandLine(org.couchtck.kit.testservers.CrashingEndpoint.class.getName()) + " {port} '"
                        + started + "' never-ready", "--start-timeout", "10m", "--report-dir", reports.toString(),
                "--no-progress");

        // when
        kit.destroy();

        // then
        assertThat(kit.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(kit.exitValue()).isEqualTo(143);
        assertThat(Files.readString(dir.resolve("err.txt"))).contains("couchtck: interrupted before any case ran (the "
                + "target was being started or probed); what was judged is in " + reports);
        assertThat(Files.readString(reports.resolve("results.json"))).contains("\"unfinished\" : \"interrupted "
                + "before any case ran");
        assertThat(Files.readString(reports.resolve("junit.xml"))).contains("<error message=\"interrupted before any "
                + "case ran");
        // and every endpoint process went with the kit, a restart during its stop included (each wrote its pid)
        List<Long> pids = Files.readAllLines(started.resolve("starts")).stream()
                .map(line -> Long.parseLong(line.substring("start ".length()))).toList();
        assertThat(pids).isNotEmpty().allSatisfy(pid -> assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive))
                .as("endpoint process %d", pid).isNotEqualTo(java.util.Optional.of(true)));
    }

    /** The kit in a process of its own with {@code args}, once it got as far as writing {@code marker}. */
    private Process kitUntil(Path marker, String... args) throws Exception {
        List<String> argv = new ArrayList<>(ServerCommand.javaMain(CouchTckCommand.class.getName()).argv());
        argv.addAll(List.of(args));
        Process kit = new ProcessBuilder(argv).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile()).start();
        while (!Files.exists(marker)) {
            assertThat(kit.isAlive()).as("the kit ended before it got that far: %s",
                    Files.exists(dir.resolve("err.txt")) ? Files.readString(dir.resolve("err.txt")) : "").isTrue();
            Thread.sleep(50);
        }
        return kit;
    }
}
