package org.couchtck.reference.queryserver;

/**
 * A failed prompt to a query-server process, in the four ways CouchDB's couch_os_process tells
 * them apart.
 */
final class OsProcessException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** How the prompt failed. */
  enum Kind {
    /** The server answered {@code ["error", id, reason]}. */
    ERROR,
    /** The server answered {@code ["fatal", id, reason]}; CouchDB stops the process. */
    FATAL,
    /** No line came within the timeout; CouchDB closes the port. */
    TIMEOUT,
    /** The process ended (stdout closed) before answering. */
    EXIT
  }

  private final Kind kind;
  private final String id;

  OsProcessException(Kind kind, String id, String reason) {
    super(kind + " " + id + ": " + reason);
    this.kind = kind;
    this.id = id;
  }

  Kind kind() {
    return kind;
  }

  /** The error id ({@code "os_process_error"} for timeouts and exits). */
  String id() {
    return id;
  }
}
