package org.couchtck.reference.daemons;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.couchtck.reference.erlang.ErlangTermFormatter.Tuple;

/**
 * One running {@code _external} process as couch_os_process runs it: started with {@code /bin/sh -c command}, sent one
 * JSON line per request, its reply read as one line (log lines skipped), every line awaited at most the timeout; its
 * standard error left where the endpoint's goes. Stopping it closes its standard input and kills its whole process
 * tree.
 */
final class ExternalProcess {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** What the reader queues when the process's standard output ends. */
    private static final Object END = new Object();
    /** How long a stop waits for the killed process to be reaped. */
    private static final long REAP_MILLIS = 5_000;
    /** couch_util:to_existing_atom turns a command's id into an atom when one exists: CouchDB's names look like this. */
    private static final Pattern ATOM = Pattern.compile("[a-z][a-z0-9_]*");

    private final String command;
    private final Process process;
    private final OutputStream stdin;
    private final BlockingQueue<Object> lines = new LinkedBlockingQueue<>();

    private ExternalProcess(String command, Process process) {
        this.command = command;
        this.process = process;
        this.stdin = process.getOutputStream();
        Thread reader = new Thread(() -> readLines(process.getInputStream()), "couchtck-external-reader");
        reader.setDaemon(true);
        reader.start();
    }

    static ExternalProcess start(String command) {
        try {
            Process process = new ProcessBuilder(List.of("/bin/sh", "-c", command))
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            return new ExternalProcess(command, process);
        } catch (IOException e) {
            // /bin/sh itself would not start: CouchDB's port would have failed to open
            throw new ExternalServerCrash(Tuple.of("os_process_error", chars(String.valueOf(e.getMessage()))));
        }
    }

    String command() {
        return command;
    }

    boolean alive() {
        return process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    /**
     * Sends {@code request} as one line and reads the reply line: empty for a blank line (CouchDB's {@code none}),
     * else the line's bytes as written. A crash ({@link ExternalServerCrash}) leaves the process to be stopped.
     */
    Optional<byte[]> prompt(byte[] request, Duration timeout) throws InterruptedException {
        try {
            stdin.write(request);
            stdin.write('\n');
            stdin.flush();
        } catch (IOException gone) {
            // the process has gone: how it went is read below, as CouchDB reads it from the port
        }
        while (true) {
            Object next = lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (next == null) {
                throw timedOut();
            }
            if (next == END) {
                if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new ExternalServerCrash(Tuple.of("os_process_error",
                            Tuple.of("exit_status", JsonNodeFactory.instance.numberNode(process.exitValue()))));
                }
                throw timedOut();
            }
            byte[] line = (byte[]) next;
            ReplyPeek.Result peek = ReplyPeek.of(line);
            switch (peek.kind()) {
                case BLANK -> {
                    return Optional.empty();
                }
                case REPLY -> {
                    return Optional.of(line);
                }
                case PARSE_ERROR -> throw new ExternalServerCrash(Tuple.of("parse_error", peek.parseError()));
                case COMMAND -> {
                    if (!logLine(command(line))) {
                        return Optional.of(line);
                    }
                }
            }
        }
    }

    /** Whether a decoded command is a log line to skip; an error or fatal command is a crash. */
    private static boolean logLine(JsonNode command) {
        String name = command.get(0).textValue();
        if (name.equals("log") && command.size() == 2 && command.get(1).isTextual()) {
            return true;
        }
        if ((name.equals("error") || name.equals("fatal")) && command.size() == 3) {
            JsonNode id = command.get(1);
            Object idTerm = id.isTextual() && ATOM.matcher(id.textValue()).matches() ? id.textValue() : id;
            throw new ExternalServerCrash(Tuple.of(idTerm, command.get(2)));
        }
        return false;
    }

    /** A line that starts like a command, decoded in full; one that does not decode is CouchDB's invalid_json. */
    private static JsonNode command(byte[] line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new ExternalServerCrash(Tuple.of("invalid_json", TextNode.valueOf(
                    new String(line, java.nio.charset.StandardCharsets.UTF_8))));
        }
    }

    private static ExternalServerCrash timedOut() {
        return new ExternalServerCrash(Tuple.of("os_process_error", chars("OS process timed out.")));
    }

    /** An Erlang string: a list of character codes. */
    private static List<JsonNode> chars(String s) {
        List<JsonNode> out = new ArrayList<>();
        s.codePoints().forEach(c -> out.add(JsonNodeFactory.instance.numberNode(c)));
        return out;
    }

    /** Closes standard input, as CouchDB closes the port, and kills the process and everything it started. */
    void stop() {
        try {
            stdin.close();
        } catch (IOException ignored) {
            // already gone
        }
        List<ProcessHandle> tree = process.descendants().toList();
        process.destroyForcibly();
        tree.forEach(ProcessHandle::destroyForcibly);
        try {
            process.waitFor(REAP_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void readLines(InputStream out) {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        try (out) {
            int n;
            while ((n = out.read(buffer)) > 0) {
                int start = 0;
                for (int i = 0; i < n; i++) {
                    if (buffer[i] == '\n') {
                        line.write(buffer, start, i - start);
                        lines.add(line.toByteArray());
                        line.reset();
                        start = i + 1;
                    }
                }
                line.write(buffer, start, n - start);
            }
        } catch (IOException e) {
            // the pipe closed under us: the same as its end
        }
        // an unfinished last line is lost, as the port drops a noeol chunk when the process exits
        lines.add(END);
    }
}
