package org.couchtck.kit.daemons.programs;

import java.net.URI;
import java.util.UUID;

/**
 * An OS daemon that reports its boot and then does one thing: {@code BootReporter URL stay} stays until its standard
 * input closes (the host stopped it, or is gone) and exits with 0; {@code BootReporter URL exit} exits with 1 at
 * once, a daemon that dies on every boot. Each boot is a {@code POST URL} with {@code {"instance", "pid"}}, so the
 * backend's journal counts them.
 */
public final class BootReporter {

    private BootReporter() {
    }

    public static void main(String[] args) {
        if (args.length != 2 || !(args[1].equals("stay") || args[1].equals("exit"))) {
            System.err.println("usage: BootReporter URL stay|exit");
            System.exit(2);
        }
        boolean reported = BootWitness.report(URI.create(args[0]), UUID.randomUUID().toString());
        if (!reported) {
            System.err.println("BootReporter: could not report the boot to " + args[0]);
        }
        if (args[1].equals("exit")) {
            System.exit(1);
        }
        DaemonChannel.open();
    }
}
