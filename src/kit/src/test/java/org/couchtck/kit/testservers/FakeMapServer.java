package org.couchtck.kit.testservers;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;

/**
 * Answers like a query server with one map function that emits nothing: {@code true} to reset and add_fun, {@code
 * [[]]} to every map_doc, with a log line first when started with {@code --log}; never runs anything. With
 * {@code --hang} it never answers a map_doc and never exits. Before reading anything, {@code --hold-mib N} fills N MiB
 * it keeps until it exits, and {@code --burn-cpu-ms N} spins until its thread has used N ms of CPU: known costs for
 * checking what a benchmark measures.
 */
public final class FakeMapServer {

    // Static, so that what is held stays reachable until the exit.
    static byte[] held = new byte[0];

    private FakeMapServer() {}

    public static void main(String[] args) throws InterruptedException {
        List<String> options = Arrays.asList(args);
        boolean log = options.contains("--log");
        boolean hang = options.contains("--hang");
        held = filled(intAfter(options, "--hold-mib") * 1024 * 1024);
        burnCpu(intAfter(options, "--burn-cpu-ms"));
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

    private static int intAfter(List<String> options, String name) {
        int at = options.indexOf(name);
        return at < 0 ? 0 : Integer.parseInt(options.get(at + 1));
    }

    private static byte[] filled(int bytes) {
        byte[] memory = new byte[bytes];
        // Touch every page, so that it is resident.
        for (int i = 0; i < memory.length; i += 4096) {
            memory[i] = 1;
        }
        return memory;
    }

    private static void burnCpu(int millis) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + millis * 1_000_000L;
        while (threads.getCurrentThreadCpuTime() < until) {
            Thread.onSpinWait();
        }
    }
}
