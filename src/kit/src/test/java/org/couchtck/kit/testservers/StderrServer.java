package org.couchtck.kit.testservers;

/**
 * For every line, writes {@code "stderr: " + line} to standard error (N times, numbered, when the first argument is
 * N), then answers {@code true}.
 */
public final class StderrServer {

    private StderrServer() {}

    public static void main(String[] args) {
        int times = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        LineIo io = new LineIo();
        String line;
        while ((line = io.readLine()) != null) {
            for (int i = 1; i <= times; i++) {
                System.err.println(times == 1 ? "stderr: " + line : "stderr " + i + ": " + line);
            }
            System.err.flush();
            io.println("true");
        }
    }
}
