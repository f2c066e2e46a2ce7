package org.couchtck.reference.queryserver;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A test-side stand-in for CouchDB's couch_proc_manager and couch_query_servers: a pool of
 * query-server processes per language, checked out with a reset, taught design documents with
 * {@code ddoc new} once per {id, rev}, and stopped when a design-document call fails.
 */
final class CouchDbProcessPool implements AutoCloseable {

  /** CouchDB 3.5.2's query_server_config as sent with every reset. */
  static final Map<String, Object> RESET_CONFIG =
      orderedMap(
          "reduce_limit", true,
          "reduce_limit_threshold", 5000,
          "reduce_limit_ratio", 2.0,
          "timeout", 5000);

  private final Map<String, List<String>> commandsByLanguage;
  private final int maxProcessesPerLanguage;
  private final Duration startTimeout;
  private final Map<String, Deque<OsProcess>> idleByLanguage = new HashMap<>();
  private final Map<String, List<OsProcess>> liveByLanguage = new HashMap<>();
  private final List<OsProcess> started = new ArrayList<>();

  /**
   * @param commandsByLanguage the query server command line of each language
   * @param maxProcessesPerLanguage CouchDB's hard limit
   * @param startTimeout the per-line timeout until the first reset sets the configured one
   */
  CouchDbProcessPool(
      Map<String, List<String>> commandsByLanguage,
      int maxProcessesPerLanguage,
      Duration startTimeout) {
    this.commandsByLanguage = Map.copyOf(commandsByLanguage);
    this.maxProcessesPerLanguage = maxProcessesPerLanguage;
    this.startTimeout = startTimeout;
  }

  /** Checks out a process for view work (map, reduce, rereduce): reset first, as CouchDB does. */
  OsProcess checkout(String language) {
    while (true) {
      OsProcess process = idle(language).orElseGet(() -> spawn(language));
      if (reset(process)) {
        return process;
      }
    }
  }

  /**
   * Checks out a process for {@code ddoc}: one that already knows this {id, rev} if idle, else
   * another one taught with {@code ddoc new}; then reset.
   */
  OsProcess checkout(JsonNode ddoc) {
    String language = ddoc.path("language").asText("javascript");
    DdocKey key = DdocKey.of(ddoc);
    while (true) {
      OsProcess process =
          idleKnowing(language, key)
              .or(() -> idle(language))
              .orElseGet(() -> spawn(language));
      if (!process.knows(key)) {
        teach(process, ddoc, key);
      }
      if (reset(process)) {
        return process;
      }
    }
  }

  private void teach(OsProcess process, JsonNode ddoc, DdocKey key) {
    JsonNode reply;
    try {
      reply = process.prompt(List.of("ddoc", "new", key.id(), ddoc));
    } catch (OsProcessException e) {
      stop(process);
      throw e;
    }
    if (!reply.isBoolean() || !reply.booleanValue()) {
      // CouchDB crashes on the mismatch; the process goes with it.
      stop(process);
      throw new IllegalStateException("ddoc new answered " + reply);
    }
    process.learned(key);
  }

  private boolean reset(OsProcess process) {
    try {
      JsonNode reply = process.prompt(List.of("reset", RESET_CONFIG));
      if (reply.isBoolean() && reply.booleanValue()) {
        process.setTimeout(Duration.ofMillis(((Number) RESET_CONFIG.get("timeout")).longValue()));
        return true;
      }
    } catch (OsProcessException e) {
      // Any failed reset means a replacement, as couch_query_servers does.
    }
    stop(process);
    return false;
  }

  /**
   * Runs {@code work} on a process checked out for {@code ddoc} and returns the process to the
   * pool; if {@code work} throws, the process is stopped (couch_query_servers:with_ddoc_proc).
   */
  <T> T withDdocProcess(JsonNode ddoc, Function<DdocProcess, T> work) {
    OsProcess process = checkout(ddoc);
    T result;
    try {
      result = work.apply(new DdocProcess(process, DdocKey.of(ddoc).id()));
    } catch (RuntimeException e) {
      stop(process);
      throw e;
    }
    release(process);
    return result;
  }

  /** One {@code ["ddoc", id, funPath, args]} call on a process checked out for {@code ddoc}. */
  JsonNode ddocPrompt(JsonNode ddoc, List<String> funPath, List<?> args) {
    return withDdocProcess(ddoc, session -> session.call(funPath, args));
  }

  /** Returns a checked-out process to the idle pool of its language. */
  void release(OsProcess process) {
    if (!process.isAlive()) {
      forget(process);
      return;
    }
    languageOf(process).ifPresent(language -> idleQueue(language).push(process));
  }

  /** Stops a process (closing its stdin, killing it if it does not end) and drops it. */
  void stop(OsProcess process) {
    forget(process);
    if (process.isAlive()) {
      process.closeStdin();
    }
  }

  private void forget(OsProcess process) {
    liveByLanguage.values().forEach(live -> live.remove(process));
    idleByLanguage.values().forEach(idle -> idle.remove(process));
  }

  private Optional<String> languageOf(OsProcess process) {
    return liveByLanguage.entrySet().stream()
        .filter(entry -> entry.getValue().contains(process))
        .map(Map.Entry::getKey)
        .findFirst();
  }

  private Optional<OsProcess> idle(String language) {
    Deque<OsProcess> idle = idleQueue(language);
    return Optional.ofNullable(idle.poll());
  }

  private Optional<OsProcess> idleKnowing(String language, DdocKey key) {
    Iterator<OsProcess> idle = idleQueue(language).iterator();
    while (idle.hasNext()) {
      OsProcess process = idle.next();
      if (process.knows(key)) {
        idle.remove();
        return Optional.of(process);
      }
    }
    return Optional.empty();
  }

  private OsProcess spawn(String language) {
    List<String> command = commandsByLanguage.get(language);
    if (command == null) {
      throw new IllegalArgumentException("unknown_query_language: " + language);
    }
    List<OsProcess> live = liveByLanguage.computeIfAbsent(language, l -> new ArrayList<>());
    if (live.size() >= maxProcessesPerLanguage) {
      throw new IllegalStateException("all " + live.size() + " " + language + " processes busy");
    }
    OsProcess process = OsProcess.start(command, startTimeout);
    live.add(process);
    started.add(process);
    return process;
  }

  private Deque<OsProcess> idleQueue(String language) {
    return idleByLanguage.computeIfAbsent(language, l -> new ArrayDeque<>());
  }

  /** Every process this pool has started, in start order, including stopped ones. */
  List<OsProcess> started() {
    return List.copyOf(started);
  }

  /** The processes currently in the pool (idle or checked out). */
  List<OsProcess> live() {
    List<OsProcess> all = new ArrayList<>();
    liveByLanguage.values().forEach(all::addAll);
    return all;
  }

  /**
   * Stops every live process by closing its stdin, as CouchDB does on shutdown.
   *
   * @return the exit status by pid; -1 for a process that had to be killed
   */
  Map<Long, Integer> shutDown() {
    Map<Long, Integer> statuses = new LinkedHashMap<>();
    for (OsProcess process : live()) {
      statuses.put(process.handle().pid(), process.closeStdin().orElse(-1));
    }
    liveByLanguage.clear();
    idleByLanguage.clear();
    return statuses;
  }

  /** Kills whatever is still running: the safety net for tests. */
  @Override
  public void close() {
    started.forEach(OsProcess::kill);
  }

  private static Map<String, Object> orderedMap(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return Collections.unmodifiableMap(map);
  }

  /** A process checked out for one design document, for calls that span several lines. */
  static final class DdocProcess {
    private final OsProcess process;
    private final String ddocId;

    DdocProcess(OsProcess process, String ddocId) {
      this.process = process;
      this.ddocId = ddocId;
    }

    /** Sends {@code ["ddoc", id, funPath, args]}. */
    JsonNode call(List<String> funPath, List<?> args) {
      return process.prompt(List.of("ddoc", ddocId, funPath, args));
    }

    /** Sends a follow-up command on the same process (list_row, list_end). */
    JsonNode prompt(List<?> command) {
      return process.prompt(command);
    }

    OsProcess process() {
      return process;
    }
  }
}
