package org.couchtck.reference.daemons;

import java.io.IOException;
import java.io.InputStream;

/** A daemon that does nothing but read its input, and exits when the input ends (os_daemon_looper.escript). */
public final class LooperDaemon {

    private LooperDaemon() {}

    public static void main(String[] args) throws IOException {
        InputStream in = System.in;
        byte[] buffer = new byte[4096];
        while (in.read(buffer) >= 0) {
            // nothing is asked of it
        }
    }
}
