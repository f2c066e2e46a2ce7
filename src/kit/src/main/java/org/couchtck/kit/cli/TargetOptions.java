package org.couchtck.kit.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.nio.file.Path;
import org.couchtck.kit.cases.Conformance;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.FunctionLibrary;
import org.couchtck.kit.cases.TargetProfile;
import picocli.CommandLine.Option;

/** The options that say what is tested and how to talk to it; shared by {@code run}, {@code list} and {@code bench}. */
final class TargetOptions {

    @Option(names = "--server", paramLabel = "COMMAND",
            description = "Command line of the query server to test (default: the embedded reference server).")
    String server;

    @Option(names = "--endpoint", paramLabel = "URL",
            description = "CouchDB-compatible HTTP endpoint for the HTTP suites: http(s)://[user:pass@]host:port, "
                    + "docker:couchdb:3.5.2 (started with Testcontainers where Docker runs), or reference "
                    + "(default: the embedded reference endpoint).")
    String endpoint;

    @Option(names = "--endpoint-command", paramLabel = "COMMAND",
            description = "Command line of a CouchDB-compatible server the kit starts, supervises and stops for the "
                    + "HTTP suites: {port} in it becomes a free port (it is to listen on 127.0.0.1 there), {dir} a new "
                    + "folder deleted at the end; it is started again after it exits or stops answering, and the case "
                    + "whose request it was answering is named. With --endpoint URL beside it, it listens there. "
                    + "Admin credentials: --user.")
    String endpointCommand;

    @Option(names = "--user", paramLabel = "NAME:PASSWORD",
            description = "Server-admin credentials for --endpoint URL or --endpoint-command (instead of putting them "
                    + "in the URL).")
    String user;

    @Option(names = "--language", paramLabel = "LANG", defaultValue = "javascript",
            description = "Language of the functions sent to the server (default: ${DEFAULT-VALUE}).")
    String language;

    @Option(names = "--couchdb-version", paramLabel = "X.Y.Z", defaultValue = "3.5.2",
            description = "CouchDB version whose message shapes are sent (default: ${DEFAULT-VALUE}).")
    String couchDbVersion;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "5s", converter = DurationConverter.class,
            description = "Per-message timeout, e.g. 500ms, 5s (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--start-timeout", paramLabel = "DURATION", defaultValue = "30s",
            converter = DurationConverter.class,
            description = "How long a new server process may take for its first reply, and a launched endpoint "
                    + "(--endpoint-command) to answer GET / (default: ${DEFAULT-VALUE}).")
    Duration startTimeout;

    @Option(names = "--without", paramLabel = "FEATURE", split = ",",
            description = "A feature the server lacks (e.g. sandbox.timeout); cases needing it are NA.")
    List<String> without = new ArrayList<>();

    @Option(names = "--profile", paramLabel = "PROFILE", defaultValue = "couchdb",
            description = "What the targets are measured against: couchdb (what CouchDB documents and what it and its "
                    + "clients rely on), couchjs (also couchjs's own habits, for drop-in replacements of couchjs) or "
                    + "exact (also CouchDB 3.5.2's own bytes: an endpoint's revision hashes, reason texts, layout) "
                    + "(default: ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--functions", paramLabel = "FILE",
            description = "A function pack (JSON) adding a language or replacing sources of one; repeatable. "
                    + "`couchtck functions` says what a pack needs.")
    List<Path> functions = new ArrayList<>();

    /**
     * The endpoint {@code --endpoint} and {@code --user} name.
     *
     * @throws IllegalArgumentException with a one-line reason
     */
    org.couchtck.kit.endpoint.EndpointSpec endpointSpec() {
        return org.couchtck.kit.endpoint.EndpointSpec.parse(endpoint, Optional.ofNullable(user),
                endpointCommand());
    }

    Optional<String> endpointCommand() {
        return Optional.ofNullable(endpointCommand).filter(s -> !s.isBlank());
    }

    Optional<String> serverCommand() {
        return Optional.ofNullable(server).filter(s -> !s.isBlank());
    }

    /**
     * @throws IllegalArgumentException for an unusable version or profile, or a language no pack has
     * @throws org.couchtck.kit.cases.FixtureException for an unreadable or malformed function pack
     */
    TargetProfile profile() {
        FunctionLibrary library = FunctionLibrary.builtIn().withPacks(functions);
        if (!library.languages().contains(language)) {
            throw new IllegalArgumentException("no function pack for language '" + language + "' (packs: "
                    + String.join(", ", library.languages()) + "); give one with --functions FILE, see `couchtck "
                    + "functions --language " + language + "`");
        }
        return new TargetProfile(language, CouchDbVersion.parse(couchDbVersion), Set.copyOf(without),
                Conformance.parse(profile), library);
    }
}
