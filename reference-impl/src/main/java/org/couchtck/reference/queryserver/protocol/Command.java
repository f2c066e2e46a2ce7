package org.couchtck.reference.queryserver.protocol;

import java.util.List;

/** One protocol command, such as {@code reset} or {@code map_doc}. */
@FunctionalInterface
public interface Command {
  /**
   * Runs the command.
   *
   * @param args the line's array without the command name (may be shorter than the command
   *     expects: missing arguments are JavaScript's undefined in couchjs)
   * @return the reply line, as JSON text
   * @throws QueryServerError to answer with an error (and end the process if fatal)
   */
  String run(List<Object> args, CommandContext context) throws QueryServerError;

  /** The argument at {@code index}, or null when the line did not have it. */
  static Object arg(List<Object> args, int index) {
    return index < args.size() ? args.get(index) : null;
  }
}
