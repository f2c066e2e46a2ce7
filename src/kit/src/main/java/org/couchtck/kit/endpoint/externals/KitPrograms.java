package org.couchtck.kit.endpoint.externals;

import java.util.List;
import java.util.Map;
import org.couchtck.kit.daemons.programs.BootReporter;
import org.couchtck.kit.daemons.programs.ProgramLibraries;
import org.couchtck.kit.daemons.programs.ProxiedDaemon;
import org.couchtck.kit.daemons.programs.ScriptedExternal;
import org.couchtck.kit.endpoint.Externals;
import org.couchtck.kit.process.ServerCommand;

/**
 * The command lines of the programs the kit ships for the Externals API ({@code org.couchtck.kit.daemons.programs}):
 * this JVM's java, a class path of the kit's classes, Jackson's and Jetty's, and the programs' class-data archive where
 * there is one (a JVM that cannot map it runs without), each a line a POSIX shell splits back into its arguments
 * (CouchDB hands os_daemons and external commands to one).
 */
public final class KitPrograms {

    /**
     * Small programs that mostly wait: the serial collector, C1 only, a small heap. A daemon that dies on every boot
     * starts three JVMs in a row, so a short start matters more than anything a program does later.
     */
    static final List<String> JVM_OPTIONS = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k",
            "-Xmx64m", "-XX:-UsePerfData");

    private KitPrograms() {
    }

    /** {@code ProxiedDaemon SECTION}. */
    public static String proxiedDaemon(String section) {
        return line(ProxiedDaemon.class, section);
    }

    /** {@code ScriptedExternal}. */
    public static String scriptedExternal() {
        return line(ScriptedExternal.class);
    }

    /** The program variables of {@link Externals#VARIABLES}: each program's command line without arguments. */
    public static Map<String, String> variables() {
        return Map.of(Externals.PROXIED_DAEMON, line(ProxiedDaemon.class),
                Externals.BOOT_REPORTER, line(BootReporter.class),
                Externals.SCRIPTED_EXTERNAL, line(ScriptedExternal.class));
    }

    private static String line(Class<?> program, String... args) {
        return ServerCommand.kitProgram(JVM_OPTIONS, program, ProgramLibraries.classes(), args).display();
    }
}
