package org.couchtck.kit.daemons.external;

import java.util.List;
import java.util.Objects;
import org.couchtck.kit.cases.Level;

/**
 * One {@code _external} handler case (fixtures/README.md "External cases").
 *
 * @param id stable dotted id {@code external.<section>.<name>}
 * @param section the second id segment, the file's section
 * @param level how binding the case is; a case judges replies by the {@link ReplyRules} of its level or stricter
 * @param description one line: what the case checks
 * @param spec where the behaviour is defined
 * @param note why the level and the expectation are what they are
 * @param fresh whether the case needs a handler process nobody used before
 * @param steps in order
 * @param sourceFile the fixture file the case came from
 */
public record ExternalCase(String id, String section, Level level, String description, String spec, String note,
        boolean fresh, List<ExternalStep> steps, String sourceFile) {

    public ExternalCase {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(section, "section");
        Objects.requireNonNull(level, "level");
        description = description == null ? "" : description;
        spec = spec == null ? "" : spec;
        note = note == null ? "" : note;
        steps = List.copyOf(steps);
        sourceFile = sourceFile == null ? "" : sourceFile;
    }

    /**
     * Whether the case writes a line CouchDB never writes or closes the input: it runs in a new process, which is
     * stopped after it, since what the handler does next is the case's business only.
     */
    public boolean spoilsProcess() {
        return steps.stream().anyMatch(s -> s instanceof ExternalStep.Raw || s instanceof ExternalStep.Close);
    }
}
