package org.couchtck.kit.testservers;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.ProcessBuilder.Redirect;
import java.util.List;

/**
 * Like a wrapper script that starts a helper in the background and exits: starts a grandchild JVM that shares its
 * standard output, reports {@code grandchild <pid>} on stderr, reads one request line and exits with status 3 without
 * replying. The grandchild, orphaned, keeps the output open: it sleeps forever, or with {@code --chatty} prints
 * {@code tick} lines forever.
 */
public final class OrphaningServer {

    private static final String SLEEP = "--orphan-sleep";
    private static final String TICK = "--orphan-tick";

    private OrphaningServer() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length > 0 && args[0].equals(SLEEP)) {
            Thread.sleep(Long.MAX_VALUE);
            return;
        }
        if (args.length > 0 && args[0].equals(TICK)) {
            tickForever();
            return;
        }
        boolean chatty = args.length > 0 && args[0].equals("--chatty");
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process grandchild = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                OrphaningServer.class.getName(), chatty ? TICK : SLEEP))
                .redirectInput(Redirect.PIPE)
                .redirectOutput(Redirect.INHERIT)
                .redirectError(Redirect.DISCARD)
                .start();
        System.err.println("grandchild " + grandchild.pid());
        System.err.flush();
        new LineIo().readLine();
        // Exits at once, leaving the grandchild holding standard output.
        Runtime.getRuntime().halt(3);
    }

    private static void tickForever() throws InterruptedException {
        PrintStream out = System.out;
        while (!out.checkError()) {
            out.println("tick");
            out.flush();
            Thread.sleep(1);
        }
    }
}
