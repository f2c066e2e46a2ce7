package org.couchtck.kit.testservers;

/**
 * Answers {@code true} to every line but exits with status 3, without answering, on a {@code map_doc} line; given a
 * number N, it first writes N lines of a stack trace to standard error.
 */
public final class CrashOnMapDocServer {

    /** The status this server dies with. */
    public static final int EXIT_STATUS = 3;

    private CrashOnMapDocServer() {}

    public static void main(String[] args) {
        LineIo io = new LineIo();
        String line;
        while ((line = io.readLine()) != null) {
            if (line.replace(" ", "").startsWith("[\"map_doc\"")) {
                int traceLines = args.length > 0 ? Integer.parseInt(args[0]) : 0;
                for (int i = 1; i <= traceLines; i++) {
                    System.err.println("trace " + i + " of " + traceLines);
                }
                System.err.flush();
                // at once, as a process that dies of its error does: no shutdown of the JVM between trace and exit
                Runtime.getRuntime().halt(EXIT_STATUS);
            }
            io.println("true");
        }
    }
}
