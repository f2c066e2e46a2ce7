package org.couchtck.kit.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.couchtck.kit.testservers.LogWritingProcess;
import org.couchtck.kit.wire.Direction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SupervisedProcessTest {

    private static final Duration BOUND = Duration.ofSeconds(30);
    private static final Path HERE = Path.of(System.getProperty("user.dir"));

    private record Line(Direction direction, String text) {}

    private final List<Line> lines = new CopyOnWriteArrayList<>();

    private SupervisedProcess start(SupervisedProcess.Stdout stdout, String... args) throws TargetStartException {
        return SupervisedProcess.start("the test double",
                ServerCommand.javaMain(LogWritingProcess.class.getName(), args), Map.of(), HERE, stdout,
                (direction, text) -> lines.add(new Line(direction, text)));
    }

    @Test
    void aLogProcessHasBothItsOutputsToldLineByLineAndItsExitSeen() throws Exception {
        try (SupervisedProcess process = start(SupervisedProcess.Stdout.LOG, "3", "one", "two")) {
            assertThat(process.awaitExit(BOUND)).hasValue(3);
            process.stop(() -> { }, Duration.ZERO);
        }

        assertThat(lines).extracting(Line::direction, Line::text).contains(
                tuple(Direction.STDOUT, "out: one"), tuple(Direction.STDOUT, "out: two"),
                tuple(Direction.STDERR, "err: one"), tuple(Direction.STDERR, "err: two"));
        assertThat(lines).filteredOn(line -> line.direction() == Direction.STDOUT).extracting(Line::text)
                .containsExactly("out: one", "out: two");
        assertThat(lines).anySatisfy(line -> assertThat(line.text()).contains("exited with status 3"));
    }

    @Test
    void theStderrTailKeepsWhatTheProcessWroteThere() throws Exception {
        try (SupervisedProcess process = start(SupervisedProcess.Stdout.LOG, "1", "last words")) {
            process.awaitExit(BOUND);
            process.stop(() -> { }, Duration.ZERO);
            assertThat(process.stderrTail()).isEqualTo("err: last words\n");
        }
    }

    @Test
    void aProcessTheKitKilledNeverCountsAsHavingExitedOnItsOwn() throws Exception {
        try (SupervisedProcess process = start(SupervisedProcess.Stdout.LOG, "stay")) {
            process.kill("the test wants it gone");

            assertThat(process.isAlive()).isFalse();
            assertThat(process.killedByKit()).isTrue();
            assertThat(process.awaitExit(Duration.ofMillis(1))).isEmpty();
            assertThat(lines).anySatisfy(line -> assertThat(line.text())
                    .startsWith("the test wants it gone; killing process " + process.pid()));
        }
    }

    @Test
    void closingAsksARunningProcessToEndAndLeavesNothingRunning() throws Exception {
        SupervisedProcess process = start(SupervisedProcess.Stdout.LOG, "stay", "up");
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (lines.stream().noneMatch(line -> line.text().equals("out: up")) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }

        process.close();

        assertThat(process.isAlive()).isFalse();
        ChildProcesses.assertNoneAlive();
    }

    @Test
    void aProgramThatCannotBeStartedIsAnErrorNamingWhatItWasFor() {
        assertThatThrownBy(() -> SupervisedProcess.start("the endpoint",
                ServerCommand.parse("/nonexistent/couchtck-no-such-endpoint --port 1"), Map.of(), HERE,
                SupervisedProcess.Stdout.LOG, SupervisedProcess.OutputLines.NONE))
                .isInstanceOf(TargetStartException.class)
                .hasMessageStartingWith("cannot start the endpoint `/nonexistent/couchtck-no-such-endpoint --port 1`");
    }
}
