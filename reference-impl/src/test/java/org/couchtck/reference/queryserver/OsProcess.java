package org.couchtck.reference.queryserver;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One query-server child process spoken to as couch_os_process does: one compact JSON line out,
 * lines in until one is not a string log message, the timeout restarted for every line read.
 * It also remembers which design documents it has been taught, as couch_proc_manager does.
 */
final class OsProcess {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Process process;
  private final OutputStream stdin;
  // Filled by a reader thread so that a read can give up after the timeout.
  private final BlockingQueue<Optional<String>> stdoutLines = new LinkedBlockingQueue<>();
  private final List<String> sent = new ArrayList<>();
  private final List<String> logs = new ArrayList<>();
  private final Set<DdocKey> ddocKeys = new HashSet<>();
  private Duration timeout;

  private OsProcess(Process process, Duration timeout) {
    this.process = process;
    this.stdin = process.getOutputStream();
    this.timeout = timeout;
    Thread reader = new Thread(this::pumpStdout, "os-process-" + process.pid() + "-stdout");
    reader.setDaemon(true);
    reader.start();
  }

  /** Starts {@code command} with stderr discarded, as CouchDB does not read it. */
  static OsProcess start(List<String> command, Duration timeout) {
    try {
      Process process =
          new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      return new OsProcess(process, timeout);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + command, e);
    }
  }

  private void pumpStdout() {
    try (BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        stdoutLines.add(Optional.of(line));
      }
    } catch (IOException e) {
      // A killed process closes the pipe under the reader: that is the end of output too.
    } finally {
      stdoutLines.add(Optional.empty());
    }
  }

  /**
   * Sends {@code command} and returns the reply.
   *
   * @throws OsProcessException for an error or fatal reply, a timeout or an exit
   */
  JsonNode prompt(Object command) {
    String line = toJson(command);
    sent.add(line);
    try {
      stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      stdin.flush();
    } catch (IOException e) {
      throw exited();
    }
    while (true) {
      JsonNode reply = parse(nextLine());
      if (isStringLog(reply)) {
        logs.add(reply.get(1).asText());
        continue;
      }
      if (reply.isArray() && reply.size() == 3 && "error".equals(reply.get(0).asText(null))) {
        throw new OsProcessException(
            OsProcessException.Kind.ERROR, text(reply.get(1)), text(reply.get(2)));
      }
      if (reply.isArray() && reply.size() > 0 && "fatal".equals(reply.get(0).asText(null))) {
        kill();
        throw new OsProcessException(
            OsProcessException.Kind.FATAL, text(reply.path(1)), text(reply.path(2)));
      }
      return reply;
    }
  }

  // couchjs sends error reasons as strings or, for thrown Error objects, as objects.
  private static String text(JsonNode node) {
    return node.isTextual() ? node.asText() : node.toString();
  }

  private static boolean isStringLog(JsonNode reply) {
    return reply.isArray()
        && reply.size() == 2
        && "log".equals(reply.get(0).asText(null))
        && reply.get(1).isTextual();
  }

  private String nextLine() {
    Optional<String> line;
    try {
      line = stdoutLines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      kill();
      throw new OsProcessException(OsProcessException.Kind.EXIT, "os_process_error", "interrupted");
    }
    if (line == null) {
      kill();
      throw new OsProcessException(
          OsProcessException.Kind.TIMEOUT, "os_process_error", "OS process timed out.");
    }
    return line.orElseThrow(this::exited);
  }

  private OsProcessException exited() {
    String status;
    try {
      status =
          process.waitFor(10, TimeUnit.SECONDS) ? "exit_status " + process.exitValue() : "running";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      status = "unknown";
    }
    kill();
    return new OsProcessException(OsProcessException.Kind.EXIT, "os_process_error", status);
  }

  private static String toJson(Object command) {
    try {
      return JSON.writeValueAsString(command);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not serialisable: " + command, e);
    }
  }

  private static JsonNode parse(String line) {
    try {
      return JSON.readTree(line);
    } catch (JsonProcessingException e) {
      throw new OsProcessException(OsProcessException.Kind.ERROR, "invalid_json", line);
    }
  }

  /** Applies the reset config's {@code timeout}, as CouchDB does after a successful reset. */
  void setTimeout(Duration newTimeout) {
    this.timeout = newTimeout;
  }

  boolean knows(DdocKey key) {
    return ddocKeys.contains(key);
  }

  /** Records a taught ddoc; the server keeps one version per id, so older revs are forgotten. */
  void learned(DdocKey key) {
    ddocKeys.removeIf(known -> known.id().equals(key.id()));
    ddocKeys.add(key);
  }

  /** Every line sent so far, in order. */
  List<String> sentLines() {
    return List.copyOf(sent);
  }

  /** The first element of every command sent so far ({@code ddoc new} counted as "ddoc new"). */
  List<String> sentCommandNames() {
    List<String> names = new ArrayList<>();
    for (String line : sent) {
      JsonNode command = parse(line);
      String name = command.get(0).asText();
      if ("ddoc".equals(name) && "new".equals(command.get(1).asText())) {
        name = "ddoc new";
      }
      names.add(name);
    }
    return names;
  }

  /** The string log messages read so far. */
  List<String> logs() {
    return List.copyOf(logs);
  }

  boolean isAlive() {
    return process.isAlive();
  }

  ProcessHandle handle() {
    return process.toHandle();
  }

  /**
   * Stops the process as CouchDB does, by closing its stdin, and waits for it to end.
   *
   * @return its exit status, or empty if it had to be killed
   */
  Optional<Integer> closeStdin() {
    try {
      stdin.close();
    } catch (IOException e) {
      // Already closed by the process's end: waiting below still tells the status.
    }
    try {
      if (process.waitFor(30, TimeUnit.SECONDS)) {
        return Optional.of(process.exitValue());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    kill();
    return Optional.empty();
  }

  /** Kills the process and anything it started. */
  void kill() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
