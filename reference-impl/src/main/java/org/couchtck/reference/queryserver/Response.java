package org.couchtck.reference.queryserver;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the query server writes for one input line: log lines, then the reply line (or none), and
 * whether the process ends afterwards, with which status.
 *
 * @param logLines the {@code ["log", message]} lines, in order
 * @param reply the reply line, absent when couchjs writes none (malformed input, end of input)
 * @param exitStatus the exit status when the process ends after this line
 * @param diagnostics what couchjs would print on stderr (not part of the protocol), or ""
 */
public record Response(
    List<String> logLines, Optional<String> reply, OptionalInt exitStatus, String diagnostics) {

  /** Copies the lists so a response never changes. */
  public Response {
    logLines = List.copyOf(logLines);
  }

  /** A reply after the given log lines; the process goes on. */
  static Response of(List<String> logLines, String reply) {
    return new Response(logLines, Optional.of(reply), OptionalInt.empty(), "");
  }

  /** A reply after the given log lines, then exit with {@code status}. */
  static Response exiting(List<String> logLines, String reply, int status) {
    return new Response(logLines, Optional.of(reply), OptionalInt.of(status), "");
  }

  /** No reply; the process exits with {@code status}. */
  static Response silentExit(int status, String diagnostics) {
    return new Response(List.of(), Optional.empty(), OptionalInt.of(status), diagnostics);
  }

  /** Every output line in order: the log lines, then the reply if any. */
  public List<String> lines() {
    List<String> all = new ArrayList<>(logLines);
    reply.ifPresent(all::add);
    return all;
  }

  /** Whether the process ends after this line. */
  public boolean exits() {
    return exitStatus.isPresent();
  }
}
