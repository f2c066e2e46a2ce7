package org.couchtck.kit.daemons.programs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An OS daemon's side of the line protocol over its standard input and output: requests ({@code ["get", ...]}) are
 * written one line each and answered by the next line the host writes; {@code register} and {@code log} have no
 * answer. A thread reads standard input all the time, so that its end (the host is gone, or stops the daemon) ends
 * the program at once, whatever else it is doing.
 */
final class DaemonChannel {

    static final ObjectMapper JSON = new ObjectMapper();
    /** How long an answer may take; the host answers at once, so only a gone host takes this long. */
    private static final long ANSWER_SECONDS = 10;

    private final PrintStream out;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private DaemonChannel(PrintStream out) {
        this.out = out;
    }

    /** The channel over this process's standard streams; the process exits with 0 when standard input ends. */
    static DaemonChannel open() {
        DaemonChannel channel = new DaemonChannel(new PrintStream(System.out, true, StandardCharsets.UTF_8));
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    channel.lines.add(line);
                }
            } catch (IOException e) {
                // standard input broke: the host is gone as surely as when it closed it
            }
            System.exit(0);
        }, "stdin");
        reader.start();
        return channel;
    }

    /** Writes {@code request} and returns the host's answer, or empty when none came in time. */
    synchronized Optional<JsonNode> ask(Object... request) {
        try {
            lines.clear();
            write(JSON.writeValueAsString(request));
            String answer = lines.poll(ANSWER_SECONDS, TimeUnit.SECONDS);
            return answer == null ? Optional.empty() : Optional.of(JSON.readTree(answer));
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Writes {@code message}, a request that has no answer ({@code register}, {@code log}). */
    synchronized void tell(Object... message) {
        try {
            write(JSON.writeValueAsString(message));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes {@code line} as it is, protocol or not. */
    synchronized void write(String line) {
        out.print(line + "\n");
        out.flush();
    }
}
