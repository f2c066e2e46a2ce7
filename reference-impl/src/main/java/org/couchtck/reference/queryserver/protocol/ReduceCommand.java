package org.couchtck.reference.queryserver.protocol;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code ["reduce", funs, kvs, context?]} and {@code ["rereduce", funs, values, context?]}:
 * compiles the functions afresh, answers {@code [true, [result...]]}, and applies couchjs's
 * reduce_limit check (see {@link ReduceLimit}).
 */
final class ReduceCommand implements Command {

  private final boolean rereduce;

  ReduceCommand(boolean rereduce) {
    this.rereduce = rereduce;
  }

  @Override
  public String run(List<Object> args, CommandContext context) throws QueryServerError {
    List<Object> sources = asList(Command.arg(args, 0));
    List<Object> input = asList(Command.arg(args, 1));
    List<Object> keys = null;
    List<Object> values = new ArrayList<>(input.size());
    if (!rereduce) {
      keys = new ArrayList<>(input.size());
      for (Object kv : input) {
        List<?> pair = kv instanceof List<?> l ? l : List.of();
        keys.add(pair.isEmpty() ? null : pair.get(0));
        values.add(pair.size() < 2 ? null : pair.get(1));
      }
    } else {
      values.addAll(input);
    }
    String reductions =
        context.engine().reduce(sources, keys, values, rereduce, context.log());
    new ReduceLimit(context.state().config())
        .check(
            reductions,
            context.lineLength() - codeSize(sources),
            Command.arg(args, 2),
            context.log());
    return "[true," + reductions + "]";
  }

  private static int codeSize(List<Object> sources) {
    int size = 0;
    for (Object source : sources) {
      if (source instanceof String s) {
        size += s.length();
      }
    }
    return size;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> asList(Object value) throws QueryServerError {
    if (value instanceof List<?> list) {
      return (List<Object>) list;
    }
    // couchjs indexes into the argument and fails with a TypeError.
    throw QueryServerError.ofReply("[\"error\",\"TypeError\",{}]", false);
  }
}
