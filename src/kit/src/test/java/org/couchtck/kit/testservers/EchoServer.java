package org.couchtck.kit.testservers;

/** Answers every line with {@code true}, or with the line itself when started with {@code --echo}; exits 0 at EOF. */
public final class EchoServer {

    private EchoServer() {}

    public static void main(String[] args) {
        boolean echo = args.length > 0 && args[0].equals("--echo");
        LineIo io = new LineIo();
        String line;
        while ((line = io.readLine()) != null) {
            io.println(echo ? line : "true");
        }
    }
}
