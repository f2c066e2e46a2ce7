package org.couchtck.kit.testservers;

/**
 * An OS daemon that logs that it boots, then exits on its own: arguments the delay in milliseconds (0: at once, like
 * os_daemon_die_on_boot.sh; a short one like os_daemon_die_quickly.sh; a longer one, with status 0, like
 * os_daemon_can_reboot.sh) and the exit status.
 */
public final class DyingDaemon {

    private DyingDaemon() {}

    public static void main(String[] args) throws InterruptedException {
        long delay = Long.parseLong(args[0]);
        int status = Integer.parseInt(args[1]);
        LineIo io = new LineIo();
        io.println("[\"log\",\"booting\"]");
        if (delay > 0) {
            Thread.sleep(delay);
        }
        System.exit(status);
    }
}
