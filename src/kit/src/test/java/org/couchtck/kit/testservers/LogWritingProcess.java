package org.couchtck.kit.testservers;

/**
 * Writes {@code out: ARG} to standard output and {@code err: ARG} to standard error for each argument but the first,
 * then exits with the status the first argument gives, or, when it is {@code stay}, runs until it is stopped.
 */
public final class LogWritingProcess {

    private LogWritingProcess() {}

    public static void main(String[] args) throws InterruptedException {
        for (int i = 1; i < args.length; i++) {
            System.out.println("out: " + args[i]);
            System.out.flush();
            System.err.println("err: " + args[i]);
            System.err.flush();
        }
        if (args[0].equals("stay")) {
            Thread.sleep(Long.MAX_VALUE);
        }
        System.exit(Integer.parseInt(args[0]));
    }
}
