package org.couchtck.reference.queryserver.js;

import java.time.Duration;
import java.util.List;
import org.couchtck.reference.queryserver.json.JsonTreeBuilder;
import org.couchtck.reference.queryserver.protocol.LogSink;
import org.couchtck.reference.queryserver.protocol.QueryServerError;

/**
 * Runs view functions for the protocol commands. Arguments are plain Java values as read from
 * the protocol line (lists, maps, strings, doubles, booleans, null); results are JSON text as
 * couchjs writes it. Messages of {@code log()} calls and of swallowed exceptions go to the given
 * sink, in order.
 */
public interface ViewEngine extends AutoCloseable {

  /** How long one command may run JavaScript before it is stopped. */
  void setTimeout(Duration timeout);

  /** Forgets every map function. */
  void clearMapFunctions();

  /**
   * Compiles {@code source} as a map function and appends it to the map functions.
   *
   * @param viewLibrary the add_lib object, reachable as {@code require('views/lib/...')}, or null
   * @param indexHelper which {@code index()} the function sees
   * @throws QueryServerError {@code not_found} for a missing source, {@code compilation_error}
   *     otherwise
   */
  void addMapFunction(Object source, Object viewLibrary, IndexHelper indexHelper, LogSink log)
      throws QueryServerError;

  /**
   * Runs every map function over {@code doc}: a plain Java value, or one made by {@link
   * #documentBuilder} (taken as it is).
   *
   * @return the reply: one JSON array of [key, value] rows per function
   */
  String mapDocument(Object doc, LogSink log) throws QueryServerError;

  /**
   * Makes documents as {@link #mapDocument} runs functions over them, straight from the protocol
   * line; only for use on the thread that runs this engine's commands.
   */
  JsonTreeBuilder documentBuilder();

  /**
   * Runs every function over {@code doc} for a search index (index_doc, nouveau_index_doc).
   *
   * @return the reply: one JSON array of indexed fields per function
   */
  String indexDocument(Object doc, LogSink log) throws QueryServerError;

  /**
   * Compiles and runs reduce functions.
   *
   * @param keys the [key, docid] pairs, or null for a rereduce
   * @return the JSON array of the functions' results (null for a function that threw)
   */
  String reduce(
      List<Object> sources, List<Object> keys, List<Object> values, boolean rereduce, LogSink log)
      throws QueryServerError;

  /** Registers (or replaces) a design document under {@code id}; functions compile lazily. */
  void registerDesignDoc(String id, Object designDoc);

  /** Whether {@code id} names a registered design document (a falsy body does not count). */
  boolean isDesignDocCached(String id);

  /**
   * Runs the function at {@code path} of a registered design document the way couchjs runs
   * {@code section} functions.
   *
   * @param args the command's argument array (section-specific)
   * @param rows where a list function's {@code getRow()} writes its replies and reads rows
   * @return the reply
   * @throws QueryServerError {@code not_found} for a missing function, errors thrown by it
   */
  String runDesignDocFunction(
      String id, List<?> path, DesignDocSection section, Object args, LogSink log,
      ListRowSource rows)
      throws QueryServerError;

  /** Releases the engine. */
  @Override
  void close();
}
