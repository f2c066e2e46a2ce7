package org.couchtck.kit.daemons;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.couchtck.kit.daemons.programs.EchoExternal;
import org.couchtck.kit.daemons.programs.HelloDaemon;
import org.couchtck.kit.daemons.programs.ProgramLibraries;
import org.couchtck.kit.process.ServerCommand;

/**
 * The processes the daemon and {@code _external} suites play CouchDB towards, and their bounds.
 *
 * @param daemon the OS daemon's command line; empty: the kit's {@link HelloDaemon}
 * @param daemonConfig the ini file the daemon's {@code get} requests are answered from; empty: a config holding only
 *     {@code [os_daemons] NAME = CMD}. Either way each session adds what it needs (a free port in {@code [NAME] port})
 * @param daemonName the daemon's name: its key in {@code [os_daemons]}, and the section the kit puts its port in
 * @param external the {@code _external} handler's command line; empty: the kit's {@link EchoExternal}
 * @param settings the time bounds
 */
public record DaemonTargets(Optional<String> daemon, Optional<Path> daemonConfig, String daemonName,
        Optional<String> external, DaemonSettings settings) {

    /** The name of the daemon when none is given, and the one {@link HelloDaemon} takes when started without one. */
    public static final String DEFAULT_NAME = HelloDaemon.DEFAULT_NAME;

    /** A name CouchDB's ini syntax can hold as a key and as a section. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]+");

    /** The libraries the kit's programs load besides the kit itself. */
    private static final List<Class<?>> PROGRAM_LIBRARIES = ProgramLibraries.classes();

    public DaemonTargets {
        daemon = daemon.filter(s -> !s.isBlank());
        Objects.requireNonNull(daemonConfig, "daemonConfig");
        Objects.requireNonNull(daemonName, "daemonName");
        if (!NAME.matcher(daemonName).matches()) {
            throw new IllegalArgumentException("daemon name '" + daemonName + "' is not a plain ini key: use letters, "
                    + "digits, '_', '.' and '-'");
        }
        external = external.filter(s -> !s.isBlank());
        Objects.requireNonNull(settings, "settings");
    }

    /** The kit's own programs, named {@value #DEFAULT_NAME}, default bounds. */
    public static DaemonTargets defaults() {
        return new DaemonTargets(Optional.empty(), Optional.empty(), DEFAULT_NAME, Optional.empty(),
                DaemonSettings.defaults());
    }

    /**
     * The command that starts the daemon.
     *
     * @throws IllegalArgumentException for a command line that does not split (an unterminated quote)
     */
    public ServerCommand daemonCommand() {
        return daemon.map(ServerCommand::parse)
                .orElseGet(() -> ServerCommand.kitProgram(HelloDaemon.class, PROGRAM_LIBRARIES, daemonName));
    }

    /**
     * The command that starts the {@code _external} handler.
     *
     * @throws IllegalArgumentException for a command line that does not split
     */
    public ServerCommand externalCommand() {
        return external.map(ServerCommand::parse)
                .orElseGet(() -> ServerCommand.kitProgram(EchoExternal.class, PROGRAM_LIBRARIES));
    }

    /**
     * The configuration every session starts from: the {@code --daemon-config} file (or nothing) with the daemon in
     * {@code [os_daemons]} under its name.
     *
     * @throws java.io.UncheckedIOException when the file cannot be read
     */
    public DaemonConfig baseConfig() {
        DaemonConfig config = daemonConfig.map(DaemonConfig::read).orElseGet(DaemonConfig::empty);
        return config.with("os_daemons", daemonName, daemonCommand().display());
    }

    /**
     * Checks what can be checked before a run: the command lines split, the config file reads, and its halting rule
     * ({@code [os_daemon_settings]}) holds whole numbers.
     *
     * @throws IllegalArgumentException saying what is wrong, in one line
     */
    public void validate() {
        daemonCommand();
        externalCommand();
        try {
            HaltingRule.from(baseConfig());
        } catch (java.io.UncheckedIOException e) {
            throw new IllegalArgumentException("--daemon-config: " + e.getMessage(), e);
        }
    }

    /** What reports name the daemon target: its command line, or {@code reference} for the kit's own. */
    public String describeDaemon() {
        return daemon.orElse("reference");
    }

    /** What reports name the handler target: its command line, or {@code reference} for the kit's own. */
    public String describeExternal() {
        return external.orElse("reference");
    }
}
