package org.couchtck.kit.testservers;

import java.io.IOException;
import java.util.Arrays;
import org.couchtck.kit.process.ServerCommand;

/**
 * Runs another test double ({@code args}: its main class and arguments) as its child, sharing its standard streams,
 * waits for it and exits with its status: like a shell script that starts a query server without {@code exec}.
 */
public final class WrapperServer {

    private WrapperServer() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        ServerCommand child = ServerCommand.javaMain(args[0], Arrays.copyOfRange(args, 1, args.length));
        System.exit(new ProcessBuilder(child.argv()).inheritIO().start().waitFor());
    }
}
