package org.couchtck.kit.testservers;

/** Answers every line with {@code false}; exits 0 at EOF. */
public final class WrongAnswerServer {

    private WrongAnswerServer() {}

    public static void main(String[] args) {
        LineIo io = new LineIo();
        while (io.readLine() != null) {
            io.println("false");
        }
    }
}
