package org.couchtck.kit.testservers;

import java.util.Arrays;

/** On its first line, prints {@code x} bytes without a newline until it is killed or its output is closed. */
public final class FloodServer {

    private FloodServer() {}

    public static void main(String[] args) {
        LineIo io = new LineIo();
        if (io.readLine() == null) {
            return;
        }
        byte[] chunk = new byte[64 * 1024];
        Arrays.fill(chunk, (byte) 'x');
        while (true) {
            io.write(chunk);
        }
    }
}
