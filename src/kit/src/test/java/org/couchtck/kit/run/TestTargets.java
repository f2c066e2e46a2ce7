package org.couchtck.kit.run;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.process.ServerCommand;

/** Configurations for runs of the small test corpus against the reference or a test-double server. */
public final class TestTargets {

    private TestTargets() {}

    /** The small corpus in this package's test resources. */
    public static Path fixtures() {
        try {
            return Path.of(TestTargets.class.getResource("fixtures").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The command line that starts {@code mainClass} of the test classpath in a new JVM. */
    public static String commandLine(String mainClass) {
        return ServerCommand.javaMain(mainClass).argv().stream()
                .map(arg -> "'" + arg.replace("'", "'\\''") + "'")
                .collect(Collectors.joining(" "));
    }

    /** Runs the small corpus against the test double {@code mainClass}, with 20 s for each process to start. */
    public static RunConfiguration against(String mainClass, Duration timeout) {
        return against(mainClass, timeout, Duration.ofSeconds(20));
    }

    /** Runs the small corpus against the test double {@code mainClass}. */
    public static RunConfiguration against(String mainClass, Duration timeout, Duration startTimeout) {
        return new RunConfiguration(Optional.of(commandLine(mainClass)), javascript(), timeout,
                Optional.of(fixtures()), CaseSelection.all(), Optional.empty(), startTimeout);
    }

    /** Runs the small corpus against the reference query server. */
    public static RunConfiguration againstReference() {
        return new RunConfiguration(Optional.empty(), javascript(), Duration.ofSeconds(10),
                Optional.of(fixtures()), CaseSelection.all(), Optional.empty());
    }

    static TargetProfile javascript() {
        return new TargetProfile("javascript", CouchDbVersion.LATEST, Set.of());
    }
}
