package org.couchtck.kit.endpoint;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.couchtck.kit.cases.Conformance;
import org.couchtck.kit.cases.Level;

/**
 * One HTTP conformance case (fixtures/README.md "HTTP cases").
 *
 * @param id stable dotted id {@code http.<section>.<name>}
 * @param section the second id segment, the file's section
 * @param level how binding the case is
 * @param description one line: what the case checks
 * @param spec where the behaviour is defined
 * @param recording the id of the scenario in {@code shared/couchdb-http} that backs the case
 * @param capabilities what the target needs for the case to apply
 * @param note why the expectation is what it is; may be empty
 * @param databases logical names of the databases the kit creates before the first step and deletes after the last
 * @param names logical names bound to fresh database names that the kit does not create, only deletes at the end
 * @param users logical names bound to fresh user names; the {@code _users} documents of those the case made are
 *     deleted at the end
 * @param steps in order
 * @param sourceFile the fixture file the case came from
 * @param quiet what the case needs that no other case disturbs while it runs
 * @param cleanup requests sent after the steps whatever came of them (before the databases are deleted), to leave
 *     the server as the case found it; their replies are recorded, not judged
 * @param profile the narrowest profile the case belongs to: {@code couchdb} (what CouchDB documents and its clients
 *     rely on, every run) or {@code exact} (CouchDB 3.5.2's own bytes: its revision hashes, reason texts, layout)
 */
public record HttpCase(String id, String section, Level level, String description, String spec,
        Optional<String> recording, List<String> capabilities, String note, List<String> databases,
        List<String> names, List<String> users, List<HttpStep> steps, String sourceFile, Quiet quiet,
        List<RequestStep> cleanup, Conformance profile) {

    /** What a case needs that no other case disturbs while it runs. */
    public enum Quiet {
        /** Nothing: it runs alongside any other case. */
        NONE,
        /**
         * A server no other case writes to (it watches server-wide events, such as {@code /_db_updates} falling
         * silent): a run starts it after the other corpus cases ended, one at a time.
         */
        SERVER,
        /**
         * The endpoint's Externals API to itself (it restarts, stops or halts daemons, or rewrites the endpoint's
         * ini): a run starts it after the other cases that use the Externals API ended, one at a time, while the
         * rest go on.
         */
        EXTERNALS
    }

    /** A case of the default profile that makes no users. */
    public HttpCase(String id, String section, Level level, String description, String spec,
            Optional<String> recording, List<String> capabilities, String note, List<String> databases,
            List<String> names, List<HttpStep> steps, String sourceFile, Quiet quiet, List<RequestStep> cleanup) {
        this(id, section, level, description, spec, recording, capabilities, note, databases, names, List.of(),
                steps, sourceFile, quiet, cleanup, Conformance.COUCHDB);
    }

    /** A case without cleanup requests. */
    public HttpCase(String id, String section, Level level, String description, String spec,
            Optional<String> recording, List<String> capabilities, String note, List<String> databases,
            List<String> names, List<HttpStep> steps, String sourceFile, Quiet quiet) {
        this(id, section, level, description, spec, recording, capabilities, note, databases, names, steps,
                sourceFile, quiet, List.of());
    }

    /** A case that may run alongside others. */
    public HttpCase(String id, String section, Level level, String description, String spec,
            Optional<String> recording, List<String> capabilities, String note, List<String> databases,
            List<String> names, List<HttpStep> steps, String sourceFile) {
        this(id, section, level, description, spec, recording, capabilities, note, databases, names, steps,
                sourceFile, Quiet.NONE);
    }

    public HttpCase {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(section, "section");
        Objects.requireNonNull(level, "level");
        description = description == null ? "" : description;
        spec = spec == null ? "" : spec;
        recording = recording == null ? Optional.empty() : recording;
        capabilities = List.copyOf(capabilities);
        note = note == null ? "" : note;
        databases = List.copyOf(databases);
        names = List.copyOf(names);
        users = List.copyOf(users);
        steps = List.copyOf(steps);
        sourceFile = sourceFile == null ? "" : sourceFile;
        Objects.requireNonNull(quiet, "quiet");
        cleanup = List.copyOf(cleanup);
        Objects.requireNonNull(profile, "profile");
    }
}
