package org.couchtck.kit.testservers;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs another test double ({@code args}: its main class and arguments) as its child, sharing its standard streams,
 * waits for it and exits with its status: like a shell script that starts a query server without {@code exec}.
 */
public final class WrapperServer {

    private WrapperServer() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(), "-cp",
                System.getProperty("java.class.path")));
        command.addAll(Arrays.asList(args));
        Process child = new ProcessBuilder(command).inheritIO().start();
        System.exit(child.waitFor());
    }
}
