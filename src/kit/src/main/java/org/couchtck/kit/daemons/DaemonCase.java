package org.couchtck.kit.daemons;

import java.util.Objects;
import org.couchtck.kit.cases.Level;

/**
 * One OS-daemon case (fixtures/README.md "Daemon cases"): a check judged on a session the kit plays CouchDB in.
 *
 * @param id stable dotted id {@code daemon.<section>.<name>}
 * @param section the second id segment, the file's section
 * @param level how binding the case is
 * @param description one line: what the case checks
 * @param spec where the behaviour is defined
 * @param note why the level and the expectation are what they are
 * @param session how the kit plays CouchDB in the session the case judges
 * @param check what the case judges
 * @param sourceFile the fixture file the case came from
 */
public record DaemonCase(String id, String section, Level level, String description, String spec, String note,
        SessionSpec session, DaemonCheck check, String sourceFile) {

    public DaemonCase {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(section, "section");
        Objects.requireNonNull(level, "level");
        description = description == null ? "" : description;
        spec = spec == null ? "" : spec;
        note = note == null ? "" : note;
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(check, "check");
        sourceFile = sourceFile == null ? "" : sourceFile;
    }
}
