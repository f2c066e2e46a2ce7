package org.couchtck.kit.testservers;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Answers {@code true} to every line but a {@code reduce}, which gets an error reply and the server's exit with status
 * {@value #EXIT_STATUS}, as some view servers do after an error (a PHP one among the third-party servers). Which of
 * the two a host sees first is normally up to the scheduler; here the exit comes first for sure: the error reply is
 * written by a child process that shares the server's standard output and writes once the server is gone.
 */
public final class ExitAfterErrorServer {

    /** The status this server exits with after its error reply. */
    public static final int EXIT_STATUS = 1;
    static final String ERROR_REPLY = "[\"error\",\"reduce_error\",\"boom\"]";

    private ExitAfterErrorServer() {}

    public static void main(String[] args) throws IOException {
        LineIo io = new LineIo();
        String line;
        while ((line = io.readLine()) != null) {
            if (line.replace(" ", "").startsWith("[\"reduce\"")) {
                new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                        System.getProperty("java.class.path"), LateReply.class.getName(),
                        Long.toString(ProcessHandle.current().pid()))
                        .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
                System.exit(EXIT_STATUS);
            }
            io.println("true");
        }
    }

    /** Writes the error reply once the server, whose pid is its argument, has exited. */
    public static final class LateReply {

        private LateReply() {}

        public static void main(String[] args) throws InterruptedException {
            // By pid, not as the parent: an orphan's parent is whoever adopted it.
            ProcessHandle.of(Long.parseLong(args[0])).ifPresent(server -> server.onExit().join());
            // Time for the host's process reaper to record the exit, which the test asserts is on record: it takes
            // milliseconds; two seconds cover a loaded machine (the reply may take 20 s in that test).
            Thread.sleep(2_000);
            new LineIo().println(ERROR_REPLY);
        }
    }
}
