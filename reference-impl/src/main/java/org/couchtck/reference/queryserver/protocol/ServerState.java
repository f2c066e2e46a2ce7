package org.couchtck.reference.queryserver.protocol;

/**
 * What a query-server process remembers between commands: whether reset has run (couchjs has no
 * function list before its first reset), the view library and the reset configuration. Design
 * documents live in the engine, which caches their compiled functions in them.
 */
public final class ServerState {

  private boolean functionListReady;
  private Object viewLibrary;
  private QueryConfig config = QueryConfig.empty();

  /** Applies a reset: new empty function list, no library, the given configuration. */
  public void reset(QueryConfig newConfig) {
    functionListReady = true;
    viewLibrary = null;
    config = newConfig;
  }

  /** Whether a reset has created the function list. */
  public boolean functionListReady() {
    return functionListReady;
  }

  /** The library of the last add_lib since reset, or null. */
  public Object viewLibrary() {
    return viewLibrary;
  }

  /** Replaces the view library (add_lib). */
  public void setViewLibrary(Object library) {
    this.viewLibrary = library;
  }

  /** The configuration of the last reset. */
  public QueryConfig config() {
    return config;
  }
}
