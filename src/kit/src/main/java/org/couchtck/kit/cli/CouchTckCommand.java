package org.couchtck.kit.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The {@code couchtck} command: entry point of the kit's jar. */
@Command(name = "couchtck", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Conformance test kit for CouchDB query servers.",
        subcommands = {RunCommand.class, ReplayCommand.class, ListCommand.class, BenchCommand.class,
                CompareCommand.class, MatrixCommand.class, FunctionsCommand.class, ExternalsIniCommand.class,
                BaselineCommand.class})
public final class CouchTckCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required: run, replay, list, bench, compare, matrix, functions or externals-ini");
    }

    /** Runs the command line and exits with its status. */
    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit status (for tests and embedding). */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    /** The configured picocli command line, with couchtck's exit codes for bad usage. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new CouchTckCommand());
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setParameterExceptionHandler((e, args) -> {
            e.getCommandLine().getErr().println("couchtck: " + e.getMessage());
            String name = e.getCommandLine().getCommandSpec().qualifiedName();
            e.getCommandLine().getErr().println("Try '" + name + " --help'.");
            return ExitCodes.USAGE;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            commandLine.getErr().println("couchtck: internal error: " + e);
            e.printStackTrace(commandLine.getErr());
            return ExitCodes.USAGE;
        });
        return cli;
    }
}
