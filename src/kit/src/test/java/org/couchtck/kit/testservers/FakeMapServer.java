package org.couchtck.kit.testservers;

/**
 * Answers like a query server with one map function that emits nothing: {@code true} to reset and add_fun, {@code
 * [[]]} to every map_doc, with a log line first when started with {@code --log}; never runs anything. With
 * {@code --hang} it never answers a map_doc and never exits.
 */
public final class FakeMapServer {

    private FakeMapServer() {}

    public static void main(String[] args) throws InterruptedException {
        boolean log = args.length > 0 && args[0].equals("--log");
        boolean hang = args.length > 0 && args[0].equals("--hang");
        LineIo io = new LineIo();
        String line;
        while ((line = io.readLine()) != null) {
            if (!line.startsWith("[\"map_doc\"")) {
                io.println("true");
            } else if (hang) {
                Thread.sleep(Long.MAX_VALUE);
            } else {
                if (log) {
                    io.println("[\"log\",\"mapped\"]");
                }
                io.println("[[]]");
            }
        }
    }
}
