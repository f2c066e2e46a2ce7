package org.couchtck.reference.queryserver.protocol;

import java.util.List;
import org.couchtck.reference.queryserver.js.IndexHelper;

/**
 * {@code ["add_fun", source, kind?]}: compiles a map (or search index) function, with {@code
 * require} over the view library, and appends it to the function list; kind {@code "nouveau"}
 * gives it Nouveau's {@code index()}. Before the first reset couchjs has no list, and answers
 * with the TypeError of pushing onto undefined.
 */
final class AddFunCommand implements Command {

  @Override
  public String run(List<Object> args, CommandContext context) throws QueryServerError {
    if (!context.state().functionListReady()) {
      throw QueryServerError.ofReply("[\"error\",\"TypeError\",{}]", false);
    }
    context
        .engine()
        .addMapFunction(
            Command.arg(args, 0),
            context.state().viewLibrary(),
            IndexHelper.forAddFunArgument(Command.arg(args, 1)),
            context.log());
    return "true";
  }
}
