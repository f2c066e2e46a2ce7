package org.couchtck.reference.queryserver.protocol;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Maps command names to commands. Names are matched exactly (case-sensitive); a name that is not
 * in the table is couchjs's fatal {@code unknown_command}. New commands slot in with {@link
 * #register}.
 */
public final class CommandTable {

  private final Map<String, Command> commands = new LinkedHashMap<>();

  /** The table of couchjs's commands (reset, add_fun, add_lib, map_doc, index_doc,
   * nouveau_index_doc, reduce, rereduce, ddoc). */
  public static CommandTable couchjs() {
    CommandTable table = new CommandTable();
    table.register("reset", new ResetCommand());
    table.register("add_fun", new AddFunCommand());
    table.register("add_lib", new AddLibCommand());
    table.register("map_doc", new MapDocCommand());
    table.register("index_doc", new IndexDocCommand());
    table.register("nouveau_index_doc", new IndexDocCommand());
    table.register("reduce", new ReduceCommand(false));
    table.register("rereduce", new ReduceCommand(true));
    table.register("ddoc", new DesignDocCommand(DesignDocCommand.engineSections()));
    return table;
  }

  /** Adds or replaces the command called {@code name}. */
  public void register(String name, Command command) {
    commands.put(name, command);
  }

  /** The command called {@code name}, if any. */
  public Optional<Command> lookup(String name) {
    return Optional.ofNullable(commands.get(name));
  }
}
