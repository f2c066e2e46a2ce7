package org.couchtck.reference.daemons;

import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Command lines that run the test doubles with the test JVM's own java, quoted for {@code /bin/sh}. */
public final class DaemonCommands {

    private DaemonCommands() {}

    /** {@code java -cp <the test class path> <main> <args...>}. */
    public static String of(Class<?> main, String... args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        return Stream.concat(Stream.of(quoted(java), "-cp", quoted(System.getProperty("java.class.path")),
                main.getName()), Stream.of(args).map(DaemonCommands::quoted)).collect(Collectors.joining(" "));
    }

    /** A word for {@code /bin/sh}, whatever it holds. */
    public static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
