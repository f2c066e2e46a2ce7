package org.couchtck.reference.queryserver.protocol;

import java.util.List;
import java.util.Map;
import org.couchtck.reference.queryserver.js.DesignDocSection;

/**
 * {@code ["ddoc", "new", id, ddoc]} registers a design document; {@code ["ddoc", id, [section,
 * ...], args]} runs one of its functions through the section's handler. As in couchjs, an id
 * never registered is the fatal {@code query_protocol_error "uncached design doc: id"}, and a
 * section without a handler is the fatal {@code unknown_command "unknown ddoc command '...'"}.
 */
final class DesignDocCommand implements Command {

  /** Runs one design-document function section, e.g. "filters". */
  @FunctionalInterface
  interface SectionHandler {
    /** Answers {@code ["ddoc", id, path, args]} for a registered design document. */
    String run(String designDocId, List<?> functionPath, Object args, CommandContext context)
        throws QueryServerError;
  }

  private final Map<String, SectionHandler> sections;

  DesignDocCommand(Map<String, SectionHandler> sections) {
    this.sections = sections;
  }

  /**
   * The sections couchjs runs: shows, lists, updates, filters, views (as changes filters),
   * validate_doc_update and rewrites.
   */
  static Map<String, SectionHandler> engineSections() {
    return Map.of(
        "shows", engineSection(DesignDocSection.SHOWS),
        "lists", engineSection(DesignDocSection.LISTS),
        "rewrites", engineSection(DesignDocSection.REWRITES),
        "updates", engineSection(DesignDocSection.UPDATES),
        "filters", engineSection(DesignDocSection.FILTERS),
        "views", engineSection(DesignDocSection.VIEWS),
        "validate_doc_update", engineSection(DesignDocSection.VALIDATE_DOC_UPDATE));
  }

  private static SectionHandler engineSection(DesignDocSection section) {
    return (id, path, args, context) ->
        context
            .engine()
            .runDesignDocFunction(id, path, section, args, context.log(), context.listRows());
  }

  @Override
  public String run(List<Object> args, CommandContext context) throws QueryServerError {
    String first = args.isEmpty() ? "undefined" : JsTruthiness.toJsString(args.get(0));
    if ("new".equals(first)) {
      String id = args.size() > 1 ? JsTruthiness.toJsString(args.get(1)) : "undefined";
      context.engine().registerDesignDoc(id, Command.arg(args, 2));
      return "true";
    }
    if (!context.engine().isDesignDocCached(first)) {
      throw QueryServerError.fatal("query_protocol_error", "uncached design doc: " + first);
    }
    List<?> path = Command.arg(args, 1) instanceof List<?> p ? p : List.of();
    String section = path.isEmpty() ? "undefined" : JsTruthiness.toJsString(path.get(0));
    SectionHandler handler = sections.get(section);
    if (handler == null) {
      throw QueryServerError.fatal("unknown_command", "unknown ddoc command '" + section + "'");
    }
    return handler.run(first, path, Command.arg(args, 2), context);
  }
}
