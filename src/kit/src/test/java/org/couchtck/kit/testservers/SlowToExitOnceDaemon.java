package org.couchtck.kit.testservers;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An OS daemon that logs, reads its input to the end and exits then, except that the first of its processes to see the
 * end of its input (the one that creates the marker file given as its argument) takes five seconds to exit: a daemon
 * on a machine too busy for the kit's exit bound once, and fine after.
 */
public final class SlowToExitOnceDaemon {

    private SlowToExitOnceDaemon() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        LineIo io = new LineIo();
        io.println("[\"log\",\"started\"]");
        while (io.readLine() != null) {
            // nothing is asked of it
        }
        try {
            Files.createFile(Path.of(args[0]));
            Thread.sleep(5_000);
        } catch (FileAlreadyExistsException e) {
            // slow once was enough
        }
    }
}
