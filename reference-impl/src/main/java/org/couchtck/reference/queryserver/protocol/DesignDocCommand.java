package org.couchtck.reference.queryserver.protocol;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code ["ddoc", "new", id, ddoc]} registers a design document; {@code ["ddoc", id, [section,
 * ...], args]} runs one of its functions through the section's handler. As in couchjs, an id
 * never registered is the fatal {@code query_protocol_error "uncached design doc: id"}, and a
 * section without a handler is the fatal {@code unknown_command "unknown ddoc command '...'"}.
 * Section handlers slot in through the table given to the constructor.
 */
final class DesignDocCommand implements Command {

  /** Runs one design-document function section, e.g. "shows". */
  @FunctionalInterface
  interface SectionHandler {
    /** Answers {@code ["ddoc", id, path, args]} for a registered design document. */
    String run(Object designDoc, List<?> functionPath, Object args, CommandContext context)
        throws QueryServerError;
  }

  private final Map<String, SectionHandler> sections;

  DesignDocCommand(Map<String, SectionHandler> sections) {
    this.sections = sections;
  }

  /** The section table of this core server: no design-document sections yet. */
  static Map<String, SectionHandler> emptyTable() {
    return Map.of();
  }

  @Override
  public String run(List<Object> args, CommandContext context) throws QueryServerError {
    String first = JsTruthiness.toJsString(Command.arg(args, 0));
    if (args.isEmpty()) {
      first = "undefined";
    }
    if ("new".equals(first)) {
      String id = JsTruthiness.toJsString(Command.arg(args, 1));
      context.state().designDocs().put(id, Command.arg(args, 2));
      return "true";
    }
    Object designDoc = context.state().designDocs().get(first);
    if (designDoc == null) {
      throw QueryServerError.fatal("query_protocol_error", "uncached design doc: " + first);
    }
    List<?> path = Command.arg(args, 1) instanceof List<?> p ? p : List.of();
    String section = path.isEmpty() ? "undefined" : JsTruthiness.toJsString(path.get(0));
    Optional<SectionHandler> handler = Optional.ofNullable(sections.get(section));
    if (handler.isEmpty()) {
      throw QueryServerError.fatal("unknown_command", "unknown ddoc command '" + section + "'");
    }
    return handler.get().run(designDoc, path, Command.arg(args, 2), context);
  }
}
