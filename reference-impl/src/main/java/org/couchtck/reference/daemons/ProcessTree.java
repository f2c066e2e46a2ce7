package org.couchtck.reference.daemons;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Ends a process and every process it started, so that a daemon leaves nothing behind. */
final class ProcessTree {

    private ProcessTree() {}

    /**
     * Asks {@code root}, its descendants alive now and the {@code known} ones seen earlier (orphans cannot be found
     * from their parent later) to end, children first; forces the ones still there after {@code termWait}, and
     * waits up to {@code forceWait} for them to be gone. A handle whose process has ended is left alone (the JDK
     * checks a handle's start time, so a reused pid is never hit).
     */
    static void kill(ProcessHandle root, List<ProcessHandle> known, Duration termWait, Duration forceWait) {
        Set<ProcessHandle> tree = new LinkedHashSet<>(known);
        tree.addAll(root.descendants().toList());
        List<ProcessHandle> victims = new ArrayList<>(tree);
        victims.add(root);
        victims.forEach(ProcessHandle::destroy);
        if (!awaitGone(victims, termWait)) {
            victims.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
            awaitGone(victims, forceWait);
        }
    }

    private static boolean awaitGone(List<ProcessHandle> processes, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        for (ProcessHandle process : processes) {
            long left = deadline - System.nanoTime();
            try {
                process.onExit().get(Math.max(0, left), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (ExecutionException | TimeoutException e) {
                return false;
            }
        }
        return true;
    }
}
