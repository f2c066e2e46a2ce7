package org.couchtck.kit.process;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Kills a process and every process it started, so that no server leaves survivors behind. */
public final class ProcessTree {

    private ProcessTree() {}

    /** The descendants of {@code root} now; taken before a graceful stop, because orphans cannot be found later. */
    static List<ProcessHandle> descendantsOf(ProcessHandle root) {
        return root.descendants().toList();
    }

    /**
     * Forcibly kills the descendants of {@code root} (those alive now and {@code known} earlier ones), then
     * {@code root}, and waits up to {@code wait} for all of them to be gone.
     */
    public static void kill(ProcessHandle root, List<ProcessHandle> known, Duration wait) {
        Set<ProcessHandle> victims = new LinkedHashSet<>(known);
        victims.addAll(descendantsOf(root));
        // Children first: a parent killed first would let them be re-parented out of reach.
        victims.forEach(ProcessHandle::destroyForcibly);
        root.destroyForcibly();
        victims.add(root);
        long deadline = System.nanoTime() + wait.toNanos();
        for (ProcessHandle victim : victims) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                victim.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException | TimeoutException e) {
                // Still alive after a SIGKILL within the wait: nothing more a user-space parent can do.
                return;
            }
        }
    }
}
