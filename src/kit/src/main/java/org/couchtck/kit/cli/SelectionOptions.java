package org.couchtck.kit.cli;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.run.CaseSelection;
import picocli.CommandLine.Option;

/** Which cases a command takes: id globs and levels. */
final class SelectionOptions {

    @Option(names = "--include", paramLabel = "GLOB", split = ",",
            description = "Only cases whose id matches (e.g. 'qs.map_doc.*'); repeatable.")
    List<String> include = new ArrayList<>();

    @Option(names = "--exclude", paramLabel = "GLOB", split = ",",
            description = "Leave out cases whose id matches; repeatable.")
    List<String> exclude = new ArrayList<>();

    @Option(names = "--level", paramLabel = "LEVEL", split = ",",
            description = "Only cases of these levels: ${COMPLETION-CANDIDATES} (default: all).")
    List<Level> levels = new ArrayList<>();

    CaseSelection selection() {
        Set<Level> chosen = levels.isEmpty() ? EnumSet.allOf(Level.class) : EnumSet.copyOf(levels);
        return new CaseSelection(include, exclude, chosen);
    }
}
