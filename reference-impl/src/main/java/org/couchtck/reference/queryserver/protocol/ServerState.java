package org.couchtck.reference.queryserver.protocol;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a query-server process remembers between commands: whether reset has run (couchjs has no
 * function list before its first reset), the view library, the reset configuration and the
 * design documents registered with {@code ddoc new} (which reset keeps).
 */
public final class ServerState {

  private boolean functionListReady;
  private Object viewLibrary;
  private QueryConfig config = QueryConfig.empty();
  private final Map<String, Object> designDocs = new LinkedHashMap<>();

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

  /** Registered design documents by id. */
  public Map<String, Object> designDocs() {
    return designDocs;
  }
}
