package org.couchtck.reference.daemons;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A daemon that does not exit when its input ends, with a child process of its own that does not either. It first
 * logs {@code stubborn child PID} through the protocol, so that a test knows whom to look for. With the argument
 * {@code leaves-child} it exits when its input ends, leaving its child behind.
 */
public final class StubbornDaemon {

    private StubbornDaemon() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length > 0 && args[0].equals("child")) {
            Thread.sleep(Long.MAX_VALUE);
            return;
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                StubbornDaemon.class.getName(), "child"))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        out.println("[\"log\",\"stubborn child " + child.pid() + "\"]");
        InputStream in = System.in;
        byte[] buffer = new byte[4096];
        while (in.read(buffer) >= 0) {
            // reads on to the end of its input
        }
        if (args.length > 0 && args[0].equals("leaves-child")) {
            System.exit(0);
        }
        Thread.sleep(Long.MAX_VALUE);
    }
}
