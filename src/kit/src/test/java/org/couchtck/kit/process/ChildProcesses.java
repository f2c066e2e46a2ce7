package org.couchtck.kit.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

/** Checks, for tests, that the kit left no process of its own running. */
public final class ChildProcesses {

    private static final Duration GRACE = Duration.ofSeconds(5);

    private ChildProcesses() {}

    /** Asserts that no child of this JVM is alive, after a short grace for processes that are still exiting. */
    public static void assertNoneAlive() throws InterruptedException {
        long deadline = System.nanoTime() + GRACE.toNanos();
        while (ProcessHandle.current().descendants().anyMatch(ProcessHandle::isAlive)
                && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive))
                .as("child processes left behind").isEmpty();
    }
}
