package org.couchtck.kit.testservers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Answers {@code true} to every line until one holds {@code map_doc}: then creates the file {@code args[0]} (so that a
 * test knows the run is under way) and answers nothing more. A run against it stays in progress until its timeout.
 */
public final class StallingServer {

    private StallingServer() {}

    public static void main(String[] args) throws IOException {
        LineIo io = new LineIo();
        boolean stalled = false;
        String line;
        while ((line = io.readLine()) != null) {
            if (!stalled && line.contains("map_doc")) {
                stalled = true;
                Files.writeString(Path.of(args[0]), "stalled");
            }
            if (!stalled) {
                io.println("true");
            }
        }
    }
}
