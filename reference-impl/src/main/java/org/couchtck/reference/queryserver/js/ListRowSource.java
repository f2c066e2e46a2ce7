package org.couchtck.reference.queryserver.js;

/**
 * Where a running list function gets its rows: {@code getRow()} writes the pending list reply
 * ({@code ["start", ...]} or {@code ["chunks", ...]}) and waits for the next protocol line.
 */
@FunctionalInterface
public interface ListRowSource {

  /**
   * Writes {@code replyJson} as the answer to the current line and returns the next line.
   *
   * @throws InterruptedException when the server is closed while waiting
   */
  String exchange(String replyJson) throws InterruptedException;

  /** A source for commands that cannot read rows: asking is a programming error. */
  static ListRowSource none() {
    return reply -> {
      throw new IllegalStateException("no list is running");
    };
  }
}
