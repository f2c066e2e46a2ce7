package org.couchtck.kit.testservers;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.util.List;

/**
 * An OS daemon that starts a child process (a JVM that sleeps for ever), reports {@code child <pid>} on stderr, logs,
 * and does not exit when its input ends: it sleeps for ever too. Proves that the kit kills whole process trees.
 */
public final class NeverExitingDaemon {

    private static final String SLEEP = "--sleep";

    private NeverExitingDaemon() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length > 0 && args[0].equals(SLEEP)) {
            Thread.sleep(Long.MAX_VALUE);
            return;
        }
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process child = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                NeverExitingDaemon.class.getName(), SLEEP))
                .redirectOutput(Redirect.DISCARD)
                .redirectError(Redirect.DISCARD)
                .start();
        System.err.println("child " + child.pid());
        System.err.flush();
        LineIo io = new LineIo();
        io.println("[\"log\",\"started a child\"]");
        while (io.readLine() != null) {
            // nothing is asked of it
        }
        Thread.sleep(Long.MAX_VALUE);
    }
}
