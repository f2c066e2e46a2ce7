package org.couchtck.kit.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.TargetProfile;
import picocli.CommandLine.Option;

/** The options that say what is tested and how to talk to it; shared by {@code run}, {@code list} and {@code bench}. */
final class TargetOptions {

    @Option(names = "--server", paramLabel = "COMMAND",
            description = "Command line of the query server to test (default: the embedded reference server).")
    String server;

    @Option(names = "--language", paramLabel = "LANG", defaultValue = "javascript",
            description = "Language of the functions sent to the server (default: ${DEFAULT-VALUE}).")
    String language;

    @Option(names = "--couchdb-version", paramLabel = "X.Y.Z", defaultValue = "3.5.2",
            description = "CouchDB version whose message shapes are sent (default: ${DEFAULT-VALUE}).")
    String couchDbVersion;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "5s", converter = DurationConverter.class,
            description = "Per-message timeout, e.g. 500ms, 5s (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--without", paramLabel = "FEATURE", split = ",",
            description = "A feature the server lacks (e.g. sandbox.timeout); cases needing it are NA.")
    List<String> without = new ArrayList<>();

    Optional<String> serverCommand() {
        return Optional.ofNullable(server).filter(s -> !s.isBlank());
    }

    /** @throws IllegalArgumentException for an unusable version */
    TargetProfile profile() {
        return new TargetProfile(language, CouchDbVersion.parse(couchDbVersion), Set.copyOf(without));
    }
}
