package org.couchtck.reference.queryserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

/**
 * Replays every in-scope couchjs recording (../shared/couchjs-transcripts) through an
 * in-process {@link QueryServer} and compares replies (as JSON), log messages and the exit
 * status with the SpiderMonkey build's recording. Differences must be exactly the documented
 * {@link ReplayDeviations}: an undocumented difference fails, and so does a documented one that
 * no longer occurs.
 */
class TranscriptReplayTest {

  private static final String BUILD = "couchjs-sm102";
  private static final Set<String> SECTIONS =
      Set.of("reset", "add_fun", "map_doc", "sandbox", "log", "reduce", "rereduce",
          "reduce_limit", "add_lib", "protocol", "mixed", "ddoc", "filters", "views", "validate",
          "shows", "updates", "lists", "rewrites", "require", "index");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final AtomicInteger EXACT = new AtomicInteger();
  private static final AtomicInteger TOTAL = new AtomicInteger();

  @TestFactory
  @Timeout(600)
  Stream<DynamicTest> should_answer_like_couchjs_sm102_when_replaying_recorded_sessions()
      throws IOException {
    Path sessions = sharedDir().resolve("couchjs-transcripts").resolve("sessions");
    assertThat(sessions)
        .as("recorded sessions directory (system property couchtck.shared.dir)")
        .isDirectory();
    List<JsonNode> inScope = new ArrayList<>();
    try (Stream<Path> files = Files.list(sessions)) {
      for (Path file : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
        JsonNode session = JSON.readTree(file.toFile());
        if (SECTIONS.contains(session.get("section").asText())
            && !ReplayDeviations.EXCLUDED_SESSIONS.containsKey(session.get("id").asText())) {
          inScope.add(session);
        }
      }
    }
    assertThat(inScope).as("in-scope sessions").hasSizeGreaterThan(170);
    return inScope.stream()
        .map(session -> DynamicTest.dynamicTest(session.get("id").asText(), () -> replay(session)));
  }

  @AfterAll
  static void printScore() {
    System.out.printf(
        "couchjs replay: %d of %d sessions match exactly, %d excluded%n",
        EXACT.get(), TOTAL.get(), ReplayDeviations.EXCLUDED_SESSIONS.size());
  }

  private static Path sharedDir() {
    String dir = System.getProperty("couchtck.shared.dir");
    assertThat(dir)
        .as("system property couchtck.shared.dir must point at the shared directory")
        .isNotBlank();
    Path path = Path.of(dir);
    assertThat(path).as("shared directory %s", path).isDirectory();
    return path;
  }

  private static void replay(JsonNode session) {
    String id = session.get("id").asText();
    JsonNode recording = session.get("recordings").get(BUILD);
    Map<String, String> differences = new TreeMap<>();
    try (QueryServer server = new QueryServer(QueryServerOptions.defaults())) {
      JsonNode input = session.get("input");
      JsonNode exchanges = recording.get("exchanges");
      Integer exitStatus = null;
      for (int i = 0; i < input.size(); i++) {
        JsonNode expected = exchanges.get(i);
        if (exitStatus != null) {
          if (!expected.path("skipped").asBoolean(false)
              && !(expected.path("noreply").asBoolean(false))) {
            differences.put(String.valueOf(i), "process exited before this line, couchjs answered");
          }
          continue;
        }
        Response response = server.handle(lineOf(input.get(i)));
        String exchange = String.valueOf(i);
        compare(expected, response).ifPresent(d -> differences.put(exchange, d));
        if (response.exits()) {
          exitStatus = response.exitStatus().getAsInt();
        }
      }
      int actualExit = exitStatus == null ? 0 : exitStatus;
      JsonNode expectedExit = recording.get("exit");
      if (expectedExit.isNull() || expectedExit.asInt() != actualExit) {
        differences.put("exit", "exit " + actualExit + ", couchjs " + expectedExit);
      }
    }
    TOTAL.incrementAndGet();
    if (differences.isEmpty()) {
      EXACT.incrementAndGet();
    }
    assertThat(differences.keySet())
        .as("differences from %s in %s: %s", BUILD, id, differences)
        .isEqualTo(ReplayDeviations.expectedFor(id));
  }

  private static String lineOf(JsonNode value) {
    if (value.isObject() && value.size() == 1 && value.has("$raw")) {
      return value.get("$raw").asText();
    }
    try {
      return JSON.writeValueAsString(value);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static java.util.Optional<String> compare(JsonNode expected, Response response) {
    List<String> expectedLogs = new ArrayList<>();
    expected.get("logs").forEach(n -> expectedLogs.add(n.asText()));
    List<String> actualLogs = new ArrayList<>();
    for (String line : response.logLines()) {
      actualLogs.add(parse(line).get(1).asText());
    }
    java.util.Optional<String> reply = response.reply();
    if (reply.isPresent() && isLogLine(parse(reply.get()))) {
      // A client takes a reply shaped like a log line for one (couch_os_process.erl).
      actualLogs.add(parse(reply.get()).get(1).asText());
      reply = java.util.Optional.empty();
    }
    if (!expectedLogs.equals(actualLogs)) {
      return java.util.Optional.of("logs " + actualLogs + " expected " + expectedLogs);
    }
    boolean expectReply = !expected.path("noreply").asBoolean(false);
    if (expectReply != reply.isPresent()) {
      return java.util.Optional.of(
          "reply " + reply.orElse("(none)") + " expected " + expected.get("reply"));
    }
    if (expectReply) {
      JsonNode actual = parse(reply.get());
      if (!actual.equals(NUMERIC, expected.get("reply"))) {
        return java.util.Optional.of("reply " + actual + " expected " + expected.get("reply"));
      }
    }
    boolean expectEof = expected.path("eof").asBoolean(false);
    if (expectEof && !response.exits()) {
      return java.util.Optional.of("process kept running, couchjs exited");
    }
    return java.util.Optional.empty();
  }

  private static boolean isLogLine(JsonNode line) {
    return line.isArray() && line.size() == 2 && "log".equals(line.get(0).asText(null))
        && line.get(1).isTextual();
  }

  private static final Comparator<JsonNode> NUMERIC =
      (a, b) -> {
        if (a.isNumber() && b.isNumber()) {
          return Double.compare(a.doubleValue(), b.doubleValue());
        }
        return a.equals(b) ? 0 : 1;
      };

  private static JsonNode parse(String json) {
    try {
      return JSON.readTree(json);
    } catch (IOException e) {
      throw new IllegalStateException("not JSON: " + json, e);
    }
  }
}
