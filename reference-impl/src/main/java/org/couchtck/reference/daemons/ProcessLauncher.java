package org.couchtck.reference.daemons;

import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Starts daemons as operating-system processes through {@code /bin/sh -c}. Close it after the host that uses it:
 * its threads report exits and kill process trees.
 */
public final class ProcessLauncher implements DaemonLauncher, AutoCloseable {

    /** The longest line read from a daemon unless told otherwise: a mebibyte. */
    public static final int DEFAULT_MAX_LINE_BYTES = 1 << 20;

    private final int maxLineBytes;
    private final ExecutorService reaper = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "couchtck-daemon-reaper");
        thread.setDaemon(true);
        return thread;
    });

    public ProcessLauncher() {
        this(DEFAULT_MAX_LINE_BYTES);
    }

    /** @param maxLineBytes lines longer than this are not read but reported as unreadable */
    public ProcessLauncher(int maxLineBytes) {
        if (maxLineBytes < 1) {
            throw new IllegalArgumentException("a line bound is positive: " + maxLineBytes);
        }
        this.maxLineBytes = maxLineBytes;
    }

    @Override
    public DaemonProcess launch(String command, DaemonProcess.Listener listener) throws IOException {
        return OsDaemonProcess.start(command, listener, maxLineBytes, reaper);
    }

    /** Lets the threads end once their work is done. */
    @Override
    public void close() {
        reaper.shutdown();
    }
}
