package org.couchtck.kit.testservers;

/** Reads every line and never answers; exits 0 at EOF. */
public final class SilentServer {

    private SilentServer() {}

    public static void main(String[] args) {
        LineIo io = new LineIo();
        while (io.readLine() != null) {
            // Deliberately silent.
        }
    }
}
