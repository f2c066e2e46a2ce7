package org.couchtck.kit.testservers;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.util.List;

/**
 * Starts a grandchild JVM (itself with {@code --sleep}: sleeps forever, never reading its input), reports
 * {@code grandchild <pid>} on stderr, then acts as {@link SilentServer}: proves that whole process trees get killed.
 */
public final class SpawnsChildServer {

    private static final String SLEEP = "--sleep";

    private SpawnsChildServer() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length > 0 && args[0].equals(SLEEP)) {
            Thread.sleep(Long.MAX_VALUE);
            return;
        }
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process grandchild = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                SpawnsChildServer.class.getName(), SLEEP))
                .redirectOutput(Redirect.DISCARD)
                .redirectError(Redirect.DISCARD)
                .start();
        System.err.println("grandchild " + grandchild.pid());
        System.err.flush();
        LineIo io = new LineIo();
        while (io.readLine() != null) {
            // Silent, like SilentServer.
        }
    }
}
