package org.couchtck.reference.queryserver.protocol;

import java.util.List;

/**
 * {@code ["reset", config?]}: forgets the map functions and the view library, takes the new
 * configuration (extra arguments are ignored) and answers {@code true}. Design documents stay.
 * The config's {@code timeout} (ms) bounds every later command until the next reset.
 */
final class ResetCommand implements Command {

  @Override
  public String run(List<Object> args, CommandContext context) {
    QueryConfig config = QueryConfig.from(Command.arg(args, 0));
    context.state().reset(config);
    context.engine().clearMapFunctions();
    context.engine().setTimeout(config.timeout().orElse(context.defaultTimeout()));
    return "true";
  }
}
