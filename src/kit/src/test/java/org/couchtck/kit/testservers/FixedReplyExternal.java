package org.couchtck.kit.testservers;

/**
 * An {@code _external} handler that answers every line with the same reply line, the first argument (valid or not).
 * {@code --exit-after N} exits with status 0 after N replies; {@code --linger} does not exit when its input ends.
 */
public final class FixedReplyExternal {

    private FixedReplyExternal() {}

    public static void main(String[] args) throws InterruptedException {
        String reply = args[0];
        int exitAfter = Integer.MAX_VALUE;
        boolean linger = false;
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--exit-after")) {
                exitAfter = Integer.parseInt(args[++i]);
            } else if (args[i].equals("--linger")) {
                linger = true;
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
    }
}
