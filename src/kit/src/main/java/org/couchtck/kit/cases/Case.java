package org.couchtck.kit.cases;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One conformance case of the corpus.
 *
 * @param id stable dotted id {@code qs.<section>.<name>}
 * @param section the second id segment
 * @param level how binding the case is
 * @param description one line: what the case checks
 * @param spec where the behaviour is defined
 * @param transcript id of the couchjs recording the case was derived from
 * @param capabilities what the target needs for the case to apply
 * @param fresh whether the case needs a brand-new server process
 * @param note why the expectation is what it is; may be empty
 * @param steps what to send and check, in order
 * @param sourceFile the fixture file the case came from
 * @param conformance the narrowest profile the case belongs to: {@code couchdb} cases are in every profile,
 *     {@code couchjs} cases only check drop-in replacements of couchjs
 */
public record Case(String id, String section, Level level, String description, String spec,
        Optional<String> transcript, List<String> capabilities, boolean fresh, String note, List<Step> steps,
        String sourceFile, Conformance conformance) {

    public Case {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(section, "section");
        Objects.requireNonNull(level, "level");
        description = description == null ? "" : description;
        spec = spec == null ? "" : spec;
        transcript = transcript == null ? Optional.empty() : transcript;
        capabilities = List.copyOf(capabilities);
        note = note == null ? "" : note;
        steps = List.copyOf(steps);
        sourceFile = sourceFile == null ? "" : sourceFile;
        conformance = conformance == null ? Conformance.COUCHDB : conformance;
    }
}
