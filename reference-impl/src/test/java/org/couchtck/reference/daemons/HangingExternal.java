package org.couchtck.reference.daemons;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A broken {@code _external} handler, run as a child process by the tests: it starts a child process of its own (this
 * class again, with the argument {@code child}, which only waits), answers its first request with {@code
 * {"json":{"pid":P,"child":C}}} once that child runs, and never answers again.
 */
public final class HangingExternal {

    private HangingExternal() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("child")) {
            Thread.sleep(Long.MAX_VALUE);
            return;
        }
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process child = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                HangingExternal.class.getName(), "child")).inheritIO().redirectInput(ProcessBuilder.Redirect.PIPE)
                .start();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        if (in.readLine() != null) {
            System.out.println("{\"json\":{\"pid\":" + ProcessHandle.current().pid() + ",\"child\":" + child.pid() + "}}");
            System.out.flush();
        }
        while (in.readLine() != null) {
            // heard, never answered
        }
        Thread.sleep(Long.MAX_VALUE);
    }
}
