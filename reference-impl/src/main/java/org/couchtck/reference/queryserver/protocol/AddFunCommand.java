package org.couchtck.reference.queryserver.protocol;

import java.util.List;

/**
 * {@code ["add_fun", source]}: compiles a map function (with {@code require} over the view
 * library) and appends it to the function list. Before the first reset couchjs has no list, and
 * answers with the TypeError of pushing onto undefined.
 */
final class AddFunCommand implements Command {

  @Override
  public String run(List<Object> args, CommandContext context) throws QueryServerError {
    if (!context.state().functionListReady()) {
      throw QueryServerError.ofReply("[\"error\",\"TypeError\",{}]", false);
    }
    context
        .engine()
        .addMapFunction(Command.arg(args, 0), context.state().viewLibrary(), context.log());
    return "true";
  }
}
