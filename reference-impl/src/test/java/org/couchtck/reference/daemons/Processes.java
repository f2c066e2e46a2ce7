package org.couchtck.reference.daemons;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Whether a process has gone, for the tests that check no child process is left behind. */
public final class Processes {

    private Processes() {}

    /**
     * Waits up to ten seconds for process {@code pid} to end; true when it has (a zombie its parent left to be reaped
     * counts as ended: it runs no more).
     */
    public static boolean gone(long pid) throws InterruptedException {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        if (handle.isEmpty()) {
            return true;
        }
        try {
            handle.get().onExit().get(10, TimeUnit.SECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            return zombie(pid);
        }
    }

    private static boolean zombie(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
        } catch (IOException e) {
            return true;
        }
    }
}
