package org.couchtck.kit.testservers;

import java.util.Random;

/** Answers every line with 16 random bytes that are never valid UTF-8, then a newline. */
public final class GarbageServer {

    /** Bytes that cannot appear in UTF-8 at all, or not alone: never a newline. */
    private static final byte[] INVALID = {(byte) 0xC0, (byte) 0xC1, (byte) 0xF5, (byte) 0xF8, (byte) 0xFE,
        (byte) 0xFF, (byte) 0x80, (byte) 0xBF};

    private GarbageServer() {}

    public static void main(String[] args) {
        LineIo io = new LineIo();
        Random random = new Random();
        while (io.readLine() != null) {
            byte[] reply = new byte[17];
            for (int i = 0; i < 16; i++) {
                reply[i] = INVALID[random.nextInt(INVALID.length)];
            }
            reply[16] = '\n';
            io.write(reply);
        }
    }
}
