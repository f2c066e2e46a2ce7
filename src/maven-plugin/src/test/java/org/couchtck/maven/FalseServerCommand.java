package org.couchtck.maven;

import java.nio.file.Path;
import org.couchtck.maven.testservers.FalseServer;

/** The command line of {@link FalseServer}, run with this JVM's java and class path. */
final class FalseServerCommand {

    private FalseServerCommand() {}

    static String line() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return java + " -cp " + System.getProperty("java.class.path") + " " + FalseServer.class.getName();
    }
}
