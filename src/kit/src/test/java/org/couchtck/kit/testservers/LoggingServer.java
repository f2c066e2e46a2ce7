package org.couchtck.kit.testservers;

/** Before each {@code true} reply, emits two log lines: {@code ["log","first N"]} and {@code ["log","second N"]}. */
public final class LoggingServer {

    private LoggingServer() {}

    public static void main(String[] args) {
        LineIo io = new LineIo();
        int count = 0;
        while (io.readLine() != null) {
            count++;
            io.println("[\"log\",\"first " + count + "\"]");
            io.println("[\"log\",\"second " + count + "\"]");
            io.println("true");
        }
    }
}
