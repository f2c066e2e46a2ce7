package org.couchtck.kit.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs {@code couchtck} in this JVM and keeps what it printed, for tests of the command line. */
final class CliRun {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** Runs the command line; returns the exit status. */
    int couchtck(String... args) {
        CommandLine cli = CouchTckCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    String out() {
        return out.toString();
    }

    String err() {
        return err.toString();
    }
}
