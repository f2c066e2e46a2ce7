package org.couchtck.kit.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.couchtck.kit.cases.Suite;
import org.couchtck.kit.daemons.DaemonSettings;
import org.couchtck.kit.daemons.DaemonTargets;
import picocli.CommandLine.Option;

/** The options that name the targets of the daemon and {@code _external} suites. */
final class DaemonOptions {

    @Option(names = "--daemon", paramLabel = "COMMAND",
            description = "Command line of the OS daemon the daemon suite plays CouchDB towards (default: the kit's "
                    + "own daemon, which asks for a port and serves HTTP there).")
    String daemon;

    @Option(names = "--daemon-config", paramLabel = "FILE",
            description = "An ini file (CouchDB's syntax) the daemon's get requests are answered from; the kit adds "
                    + "[os_daemons] NAME = COMMAND and a free port in [NAME] port. [os_daemon_settings] max_retries "
                    + "and retry_time set CouchDB's halting rule (default: 3 and 5).")
    Path daemonConfig;

    @Option(names = "--daemon-name", paramLabel = "NAME",
            description = "The daemon's name: its key in [os_daemons] and the section its port is put in "
                    + "(default: " + DaemonTargets.DEFAULT_NAME + ").")
    String daemonName;

    @Option(names = "--external", paramLabel = "COMMAND",
            description = "Command line of the _external handler the external suite plays CouchDB towards "
                    + "(default: the kit's own echo handler).")
    String external;

    @Option(names = "--exit-timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How long a daemon or _external handler may take to exit once its standard input closes "
                    + "(default: 3s); one still running then is killed and fails.")
    Duration exitTimeout;

    /** Whether the command line names the daemon suite's target. */
    boolean namesDaemon() {
        return daemon != null || daemonConfig != null || daemonName != null;
    }

    /** Whether the command line names the external suite's target. */
    boolean namesExternal() {
        return external != null;
    }

    /**
     * The targets these options describe.
     *
     * @throws IllegalArgumentException for a blank command, an unreadable config, a bad name or halting rule
     */
    DaemonTargets targets() {
        if (daemon != null && daemon.isBlank()) {
            throw new IllegalArgumentException("--daemon needs the command line of a daemon");
        }
        if (external != null && external.isBlank()) {
            throw new IllegalArgumentException("--external needs the command line of an _external handler");
        }
        if (daemonConfig != null && !Files.isReadable(daemonConfig)) {
            throw new IllegalArgumentException("--daemon-config " + daemonConfig + ": no readable file there");
        }
        DaemonSettings settings = DaemonSettings.defaults();
        if (exitTimeout != null) {
            settings = settings.withExitWithin(exitTimeout);
        }
        DaemonTargets targets = new DaemonTargets(Optional.ofNullable(daemon), Optional.ofNullable(daemonConfig),
                daemonName == null ? DaemonTargets.DEFAULT_NAME : daemonName, Optional.ofNullable(external),
                settings);
        targets.validate();
        return targets;
    }

    /**
     * @throws IllegalArgumentException when a target is named for a suite the run leaves out
     */
    void checkSuites(Set<Suite> suites) {
        if (namesDaemon() && !suites.contains(Suite.DAEMON)) {
            throw new IllegalArgumentException("--daemon, --daemon-config and --daemon-name name the daemon suite's "
                    + "target, but --suite leaves that suite out");
        }
        if (namesExternal() && !suites.contains(Suite.EXTERNAL)) {
            throw new IllegalArgumentException("--external names the external suite's target, but --suite leaves "
                    + "that suite out");
        }
    }
}
