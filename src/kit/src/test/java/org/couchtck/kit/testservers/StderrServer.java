package org.couchtck.kit.testservers;

/** For every line, writes {@code "stderr: " + line} to standard error, then answers {@code true}. */
public final class StderrServer {

    private StderrServer() {}

    public static void main(String[] args) {
        LineIo io = new LineIo();
        String line;
        while ((line = io.readLine()) != null) {
            System.err.println("stderr: " + line);
            System.err.flush();
            io.println("true");
        }
    }
}
