package org.couchtck.kit.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * CPU time and peak memory of a server and the processes it starts (a wrapper script and the server it runs, a server
 * with workers), read from Linux's {@code /proc}; empty elsewhere.
 *
 * <p>CPU time is what the kit's own children used, read before the server starts and after it was waited for: the
 * kernel adds a process's CPU time, and that of every descendant it waited for, to its parent's when the parent waits
 * for it. That is exact at exit, where sampling the process would stop short of its last moments, and it costs two
 * reads instead of one per sample. So nothing else the kit runs may exit meanwhile; a benchmark runs one server at a
 * time.
 *
 * <p>Peak memory is the sum of each process's own peak resident set (VmHWM), sampled while they run: a high-water
 * mark, so a late sample loses nothing while the process lives. Descendants are looked for less often than they are
 * sampled (finding them reads every process's {@code /proc} entry); a child that comes and goes between two looks is
 * not counted.
 */
final class ProcessUsage implements AutoCloseable {

    private static final Path SELF_STAT = Path.of("/proc/self/stat");
    private static final double CLOCK_TICKS_PER_SECOND = 100;
    private static final String VM_HWM = "VmHWM:";

    private final OptionalLong childTicksBefore = childTicks();
    private final Map<Long, Watched> watchedByPid = new LinkedHashMap<>();
    private volatile ProcessHandle process;
    private volatile OptionalLong childTicksAfter = OptionalLong.empty();
    private volatile OptionalLong peakKiB = OptionalLong.empty();
    private int samples;

    /** Make it just before the server starts: it reads what the kit's children used so far. */
    ProcessUsage() {}

    /** The server, once started. */
    void track(ProcessHandle started) {
        process = started;
    }

    /** Reads the peaks of the process and its known descendants; call now and then while it runs, from one thread. */
    void sample() {
        ProcessHandle process = this.process;
        if (lookForDescendants(samples++)) {
            watch(process.pid());
            process.descendants().forEach(child -> watch(child.pid()));
        }
        boolean any = false;
        long total = 0;
        for (Watched watched : watchedByPid.values()) {
            watched.read();
            any |= watched.peakKiB > 0;
            total += watched.peakKiB;
        }
        if (any) {
            peakKiB = OptionalLong.of(total);
        }
    }

    // Soon after the start, when a wrapper starts the server, then about every two seconds: a look reads every
    // process's /proc entry, which costs more than a hundred samples.
    private static boolean lookForDescendants(int sample) {
        return sample == 0 || sample == 10 || sample == 50 || sample % 200 == 0;
    }

    private void watch(long pid) {
        watchedByPid.computeIfAbsent(pid, Watched::new);
    }

    /** Stops reading; call once sampling is over, from the sampling thread. */
    @Override
    public void close() {
        watchedByPid.values().forEach(Watched::close);
    }

    /** Call once the server was waited for: takes its CPU time, and that of the descendants it waited for. */
    void exited() {
        childTicksAfter = childTicks();
    }

    /** User and system time of the server and the descendants it waited for, once {@link #exited()}. */
    OptionalDouble cpuSeconds() {
        OptionalLong after = childTicksAfter;
        if (childTicksBefore.isEmpty() || after.isEmpty()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of((after.getAsLong() - childTicksBefore.getAsLong()) / CLOCK_TICKS_PER_SECOND);
    }

    /** The sum of the processes' peak resident memory, once a sample could read one. */
    OptionalDouble peakMiB() {
        OptionalLong peak = peakKiB;
        return peak.isPresent() ? OptionalDouble.of(peak.getAsLong() / 1024.0) : OptionalDouble.empty();
    }

    /** The kit's {@code cutime + cstime}: CPU ticks of the children it waited for. */
    private static OptionalLong childTicks() {
        try {
            return OptionalLong.of(childTicksOf(Files.readString(SELF_STAT, StandardCharsets.US_ASCII)));
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /** {@code cutime + cstime} from a {@code /proc/<pid>/stat} line. */
    static long childTicksOf(String stat) {
        // The fields after the command name (which may hold spaces and parentheses) start after the last ')';
        // the state is field 3, so cutime (16) and cstime (17) are the 14th and 15th from there.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        return Long.parseLong(fields[13]) + Long.parseLong(fields[14]);
    }

    /** One process's status file, kept open and read again from its start at each sample. */
    private static final class Watched {
        private final ByteBuffer buffer = ByteBuffer.allocate(8192);
        private FileChannel status;
        private long peakKiB;

        Watched(long pid) {
            try {
                status = FileChannel.open(Path.of("/proc", Long.toString(pid), "status"));
            } catch (IOException | RuntimeException e) {
                status = null; // Gone already, or no /proc here.
            }
        }

        void read() {
            if (status == null) {
                return;
            }
            try {
                buffer.clear();
                int n = status.read(buffer, 0);
                OptionalLong peak = peakKiBOf(buffer.array(), Math.max(n, 0));
                if (peak.isPresent()) {
                    peakKiB = Math.max(peakKiB, peak.getAsLong());
                }
            } catch (IOException | RuntimeException e) {
                // The process is gone: its last reading stands.
                close();
            }
        }

        void close() {
            if (status != null) {
                try {
                    status.close();
                } catch (IOException e) {
                    // Nothing was written.
                }
                status = null;
            }
        }
    }

    /**
     * The {@code VmHWM:} value in kB from the first {@code length} bytes of a {@code /proc/<pid>/status} file; empty
     * when absent (a zombie).
     */
    static OptionalLong peakKiBOf(byte[] status, int length) {
        String text = new String(status, 0, length, StandardCharsets.ISO_8859_1);
        int at = text.indexOf(VM_HWM);
        if (at < 0) {
            return OptionalLong.empty();
        }
        int end = text.indexOf('\n', at);
        String digits = text.substring(at + VM_HWM.length(), end < 0 ? text.length() : end).replaceAll("\\D", "");
        return digits.isEmpty() ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(digits));
    }
}
