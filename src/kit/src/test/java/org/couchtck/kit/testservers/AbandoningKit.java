package org.couchtck.kit.testservers;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.process.StdioServerOptions;

/**
 * A kit that starts a {@link NeverExitingDaemon} and exits without closing it, as a kit stopped by Ctrl-C would:
 * prints {@code <daemon pid> <child pid>}, then exits. Proves the shutdown hook that kills what the kit started.
 */
public final class AbandoningKit {

    private static final Pattern CHILD = Pattern.compile("child (\\d+)");

    private AbandoningKit() {}

    public static void main(String[] args) throws Exception {
        StdioServer server = new StdioServer(ServerCommand.javaMain(NeverExitingDaemon.class.getName()),
                StdioServerOptions.defaults());
        server.start();
        Matcher child;
        while (!(child = CHILD.matcher(server.stderrTail())).find()) {
            Thread.sleep(20);
        }
        System.out.println(server.pid().orElseThrow() + " " + child.group(1));
        System.out.flush();
        System.exit(0);
    }
}
