package org.couchtck.reference.queryserver.protocol;

import java.util.List;

/**
 * {@code ["map_doc", doc]}: runs every map function over the (deep-frozen) document and answers
 * one list of [key, value] rows per function. Before the first reset there are no functions.
 */
final class MapDocCommand implements Command {

  @Override
  public String run(List<Object> args, CommandContext context) throws QueryServerError {
    if (!context.state().functionListReady()) {
      return "[]";
    }
    return context.engine().mapDocument(Command.arg(args, 0), context.log());
  }
}
