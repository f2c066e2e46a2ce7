package org.couchtck.reference.daemons;

/**
 * A daemon that lives {@code MILLIS} milliseconds, whatever happens to its input, then exits with {@code STATUS}:
 * {@code 0 1} dies at boot (os_daemon_die_on_boot.sh), {@code 1000 1} dies quickly (os_daemon_die_quickly.sh),
 * {@code 2000 0} can reboot (os_daemon_can_reboot.sh).
 */
public final class ExitingDaemon {

    private ExitingDaemon() {}

    public static void main(String[] args) throws InterruptedException {
        Thread.sleep(Long.parseLong(args[0]));
        System.exit(Integer.parseInt(args[1]));
    }
}
