package org.couchtck.kit.daemons.programs;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.Callback;

/** What the programs of this package load besides the kit's own classes, for the class path they start with. */
public final class ProgramLibraries {

    private ProgramLibraries() {}

    /**
     * A class of each library jar: Jackson's, Jetty's ({@link DaemonHttpServer}), SLF4J's (Jetty logs through it) and
     * SLF4J's silent provider where it is present (without one SLF4J warns on stderr).
     */
    public static List<Class<?>> classes() {
        List<Class<?>> libraries = new ArrayList<>(List.of(ObjectMapper.class, JsonFactory.class, JsonProperty.class,
                Server.class, HttpField.class, EndPoint.class, Callback.class, org.slf4j.Logger.class));
        try {
            libraries.add(Class.forName("org.slf4j.nop.NOPServiceProvider"));
        } catch (ClassNotFoundException | LinkageError e) {
            // The kit's own jar always has it. Elsewhere it may be missing, or not loadable where SLF4J's API comes
            // from another loader (Maven's, for the plugin): without it a program only warns once on stderr.
        }
        return List.copyOf(libraries);
    }
}
