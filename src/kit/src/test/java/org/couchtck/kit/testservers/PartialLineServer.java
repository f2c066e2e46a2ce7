package org.couchtck.kit.testservers;

import java.nio.charset.StandardCharsets;

/** Answers its first line with {@code true} but no newline, then exits with status 0. */
public final class PartialLineServer {

    private PartialLineServer() {}

    public static void main(String[] args) {
        LineIo io = new LineIo();
        if (io.readLine() != null) {
            io.write("true".getBytes(StandardCharsets.UTF_8));
        }
    }
}
