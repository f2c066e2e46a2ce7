package org.couchtck.reference.queryserver.protocol;

import java.util.List;

/**
 * {@code ["index_doc", doc]} (dreyfus/Clouseau) and {@code ["nouveau_index_doc", doc]}: runs
 * every function over the (deep-frozen) document and answers the fields each one indexed with
 * {@code index()}. Before the first reset there are no functions.
 */
final class IndexDocCommand implements Command {

  @Override
  public String run(List<Object> args, CommandContext context) throws QueryServerError {
    if (!context.state().functionListReady()) {
      return "[]";
    }
    return context.engine().indexDocument(Command.arg(args, 0), context.log());
  }
}
