package org.couchtck.reference.queryserver.protocol;

import java.util.List;

/**
 * {@code ["add_lib", lib]}: keeps the object of CommonJS module sources that later map functions
 * reach as {@code require('views/lib/...')}.
 */
final class AddLibCommand implements Command {

  @Override
  public String run(List<Object> args, CommandContext context) {
    context.state().setViewLibrary(Command.arg(args, 0));
    return "true";
  }
}
