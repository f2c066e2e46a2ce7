package org.couchtck.kit.daemons.programs;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.couchtck.kit.process.ProcessTree;

/**
 * The host's side of one of the kit's programs, for its tests: the program runs as a child process (this JVM's java
 * and class path), its standard output is read line by line on a thread of its own, and whatever is left of it is
 * killed, tree and all, on {@link #close()}.
 */
final class HostSide implements AutoCloseable {

    private static final long LINE_SECONDS = 20;

    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final OutputStream in;

    private HostSide(Process process) {
        this.process = process;
        this.in = process.getOutputStream();
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the program is gone
            }
        }, "host-side-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code program} with {@code args}; its standard error goes to this JVM's. */
    static HostSide start(Class<?> program, String... args) throws IOException {
        List<String> argv = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), program.getName()));
        argv.addAll(List.of(args));
        return new HostSide(new ProcessBuilder(argv).redirectError(ProcessBuilder.Redirect.INHERIT).start());
    }

    /** The program's next line, waiting up to 20 s; null when none came. */
    String next() throws InterruptedException {
        return lines.poll(LINE_SECONDS, TimeUnit.SECONDS);
    }

    /** Writes {@code line} to the program's standard input. */
    void send(String line) throws IOException {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** Closes the program's standard input, as a host that stops it or is gone. */
    void closeInput() throws IOException {
        in.close();
    }

    /** The program's exit status, waiting up to 20 s; null when it is still running. */
    Integer exit() throws InterruptedException {
        return exitWithin(LINE_SECONDS);
    }

    /** The program's exit status, waiting up to {@code seconds}; null when it is still running. */
    Integer exitWithin(long seconds) throws InterruptedException {
        return process.waitFor(seconds, TimeUnit.SECONDS) ? process.exitValue() : null;
    }

    @Override
    public void close() {
        ProcessTree.kill(process.toHandle(), process.toHandle().descendants().toList(), Duration.ofSeconds(5));
    }
}
