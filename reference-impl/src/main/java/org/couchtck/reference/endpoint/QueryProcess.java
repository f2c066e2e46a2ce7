package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.couchtck.reference.queryserver.QueryServer;
import org.couchtck.reference.queryserver.QueryServerOptions;
import org.couchtck.reference.queryserver.Response;

/**
 * One query server the endpoint talks the line protocol to: the reference JavaScript one in-process, or any other
 * language's as a child process (couch_os_process). Log lines are read and dropped; the reply to a line is returned.
 */
interface QueryProcess extends AutoCloseable {

    /** Sends one line and returns the reply; a process that exits, hangs or answers garbage is an error. */
    JsonNode prompt(JsonNode line);

    /** Whether it can take another line. */
    boolean alive();

    @Override
    void close();

    /** The reference JavaScript query server, in this JVM. */
    static QueryProcess javascript() {
        return new InProcess(new QueryServer(QueryServerOptions.defaults()));
    }

    /** A query server started from a command line, as CouchDB starts {@code COUCHDB_QUERY_SERVER_<LANG>}. */
    static QueryProcess external(String command, long timeoutMillis) {
        return new External(command, timeoutMillis);
    }

    /** A query server reply that is not a JSON line: CouchDB treats it as the process failing. */
    static JsonNode parse(String reply) {
        try {
            return Json.MAPPER.readTree(reply);
        } catch (JsonProcessingException e) {
            throw new CouchError(500, "os_process_error", "invalid JSON from the query server: " + reply);
        }
    }

    /** The in-process reference server. */
    final class InProcess implements QueryProcess {
        private final QueryServer server;

        InProcess(QueryServer server) {
            this.server = server;
        }

        @Override
        public JsonNode prompt(JsonNode line) {
            Response response = server.handle(Json.write(line));
            String reply = response.reply()
                    .orElseThrow(() -> new CouchError(500, "os_process_error", "the query server exited"));
            return parse(reply);
        }

        @Override
        public boolean alive() {
            return !server.hasExited();
        }

        @Override
        public void close() {
            server.close();
        }
    }

    /** A child process speaking the protocol on its standard input and output. */
    final class External implements QueryProcess {
        private final Process process;
        private final OutputStream in;
        private final BufferedReader out;
        private final long timeoutMillis;
        private final ExecutorService reader;

        External(String command, long timeoutMillis) {
            this.timeoutMillis = timeoutMillis;
            try {
                this.process = new ProcessBuilder(List.of("/bin/sh", "-c", command))
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            } catch (IOException e) {
                throw new CouchError(500, "os_process_error", "could not start " + command + ": " + e.getMessage());
            }
            this.in = process.getOutputStream();
            this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            this.reader = Executors.newSingleThreadExecutor(task -> {
                Thread thread = new Thread(task, "couchtck-query-process-reader");
                thread.setDaemon(true);
                return thread;
            });
        }

        @Override
        public JsonNode prompt(JsonNode line) {
            try {
                in.write((Json.write(line) + "\n").getBytes(StandardCharsets.UTF_8));
                in.flush();
                while (true) {
                    Future<String> next = reader.submit(out::readLine);
                    String reply = next.get(timeoutMillis, TimeUnit.MILLISECONDS);
                    if (reply == null) {
                        throw new CouchError(500, "os_process_error", "the query server exited");
                    }
                    JsonNode parsed = parse(reply);
                    if (parsed.isArray() && parsed.size() == 2 && "log".equals(parsed.get(0).asText(null))) {
                        continue;
                    }
                    return parsed;
                }
            } catch (TimeoutException e) {
                close();
                throw new CouchError(500, "os_process_error", "the query server did not answer in time");
            } catch (IOException | java.util.concurrent.ExecutionException e) {
                close();
                throw new CouchError(500, "os_process_error", "the query server failed: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new CouchError(500, "os_process_error", "interrupted");
            }
        }

        @Override
        public boolean alive() {
            return process.isAlive();
        }

        @Override
        public void close() {
            process.destroyForcibly();
            reader.shutdownNow();
        }
    }
}
