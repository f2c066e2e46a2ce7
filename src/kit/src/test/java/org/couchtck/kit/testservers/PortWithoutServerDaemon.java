package org.couchtck.kit.testservers;

/**
 * An OS daemon that asks for its port ({@code ["get", NAME, "port"]}), logs it, and serves nothing there; it exits when
 * its input ends. Argument: its name.
 */
public final class PortWithoutServerDaemon {

    private PortWithoutServerDaemon() {}

    public static void main(String[] args) {
        LineIo io = new LineIo();
        io.println("[\"get\",\"" + args[0] + "\",\"port\"]");
        String port = io.readLine();
        if (port == null) {
            return;
        }
        io.println("[\"log\",\"got port " + port.replace("\"", "") + ", serving nothing\"]");
        while (io.readLine() != null) {
            // waits for the end
        }
    }
}
