package org.couchtck.reference.queryserver;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.couchtck.reference.queryserver.js.DesignDocSection;
import org.couchtck.reference.queryserver.js.IndexHelper;
import org.couchtck.reference.queryserver.js.ListRowSource;
import org.couchtck.reference.queryserver.js.ViewEngine;
import org.couchtck.reference.queryserver.json.JsonTreeBuilder;
import org.couchtck.reference.queryserver.protocol.LogSink;
import org.couchtck.reference.queryserver.protocol.QueryServerError;

/**
 * A view engine made when a command first needs JavaScript. Making Rhino's built-ins is most of
 * what starting the query server costs (about 0.1 s of CPU of a quarter of a second), and not
 * every process runs a function: one that meets a line it cannot read exits first, as couchjs
 * does; resetting, or asking whether a design document is cached, needs no engine yet.
 *
 * <p>Confined to the thread that runs the server's commands, as the engine it makes is.
 */
final class LazyViewEngine implements ViewEngine {

  private final Function<Duration, ViewEngine> factory;
  private Duration timeout;
  private ViewEngine made;

  /**
   * @param timeout the timeout the engine starts with
   * @param factory makes the engine, on the thread that calls for it, with the timeout then set
   */
  LazyViewEngine(Duration timeout, Function<Duration, ViewEngine> factory) {
    this.timeout = timeout;
    this.factory = factory;
  }

  /** Whether the engine has been made. */
  boolean isMade() {
    return made != null;
  }

  private ViewEngine engine() {
    if (made == null) {
      made = factory.apply(timeout);
    }
    return made;
  }

  @Override
  public void setTimeout(Duration timeout) {
    this.timeout = timeout;
    if (made != null) {
      made.setTimeout(timeout);
    }
  }

  @Override
  public void clearMapFunctions() {
    if (made != null) {
      made.clearMapFunctions();
    }
  }

  @Override
  public void addMapFunction(
      Object source, Object viewLibrary, IndexHelper indexHelper, LogSink log)
      throws QueryServerError {
    engine().addMapFunction(source, viewLibrary, indexHelper, log);
  }

  @Override
  public String mapDocument(Object doc, LogSink log) throws QueryServerError {
    return engine().mapDocument(doc, log);
  }

  @Override
  public JsonTreeBuilder documentBuilder() {
    return engine().documentBuilder();
  }

  @Override
  public String indexDocument(Object doc, LogSink log) throws QueryServerError {
    return engine().indexDocument(doc, log);
  }

  @Override
  public String reduce(
      List<Object> sources, List<Object> keys, List<Object> values, boolean rereduce, LogSink log)
      throws QueryServerError {
    return engine().reduce(sources, keys, values, rereduce, log);
  }

  @Override
  public void registerDesignDoc(String id, Object designDoc) {
    engine().registerDesignDoc(id, designDoc);
  }

  @Override
  public boolean isDesignDocCached(String id) {
    return made != null && made.isDesignDocCached(id);
  }

  @Override
  public String runDesignDocFunction(
      String id, List<?> path, DesignDocSection section, Object args, LogSink log,
      ListRowSource rows)
      throws QueryServerError {
    return engine().runDesignDocFunction(id, path, section, args, log, rows);
  }

  @Override
  public void close() {
    if (made != null) {
      made.close();
    }
  }
}
