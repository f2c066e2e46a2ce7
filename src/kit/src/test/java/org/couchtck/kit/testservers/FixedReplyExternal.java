package org.couchtck.kit.testservers;

/**
 * An {@code _external} handler that answers every line with the same reply line, the first argument (valid or not).
 * {@code --exit-after N} exits with status 0 after N replies; {@code --linger} does not exit when its input ends;
 * {@code --slow-exit-once MARKER MILLIS} waits MILLIS before it exits at the end of its input in the one process that
 * creates the file MARKER (a handler on a machine too busy for the kit's exit bound once).
 */
public final class FixedReplyExternal {

    private FixedReplyExternal() {}

    public static void main(String[] args) throws InterruptedException, java.io.IOException {
        String reply = args[0];
        int exitAfter = Integer.MAX_VALUE;
        boolean linger = false;
        java.nio.file.Path slowMarker = null;
        long slowMillis = 0;
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--exit-after")) {
                exitAfter = Integer.parseInt(args[++i]);
            } else if (args[i].equals("--linger")) {
                linger = true;
            } else if (args[i].equals("--slow-exit-once")) {
                slowMarker = java.nio.file.Path.of(args[++i]);
                slowMillis = Long.parseLong(args[++i]);
            }
        }
        LineIo io = new LineIo();
        int replies = 0;
        while (io.readLine() != null) {
            io.println(reply);
            if (++replies >= exitAfter) {
                System.exit(0);
            }
        }
        if (linger) {
            Thread.sleep(Long.MAX_VALUE);
        }
        if (slowMarker != null && once(slowMarker)) {
            Thread.sleep(slowMillis);
        }
    }

    /** Whether this process is the one that created {@code marker}. */
    private static boolean once(java.nio.file.Path marker) throws java.io.IOException {
        try {
            java.nio.file.Files.createFile(marker);
            return true;
        } catch (java.nio.file.FileAlreadyExistsException e) {
            return false;
        }
    }
}
