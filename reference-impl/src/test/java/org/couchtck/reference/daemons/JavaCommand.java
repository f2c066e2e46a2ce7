package org.couchtck.reference.daemons;

import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The {@code /bin/sh} command line that runs a test double's main class on the test JVM's own java. */
public final class JavaCommand {

    private JavaCommand() {}

    public static String of(Class<?> main, String... args) {
        String java = ProcessHandle.current().info().command().orElseThrow();
        return Stream.concat(Stream.of(java, "-cp", System.getProperty("java.class.path"), main.getName()),
                Stream.of(args)).map(JavaCommand::quoted).collect(Collectors.joining(" "));
    }

    private static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
