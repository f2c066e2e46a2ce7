package org.couchtck.kit.daemons;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.couchtck.kit.cases.FixtureException;
import org.couchtck.kit.cases.FixtureFiles;
import org.couchtck.kit.cases.FixtureSource;

/**
 * The loaded daemon cases: every {@code *.json} file of a folder, files in name order, cases in file order. Loading
 * checks every field; the first problem is thrown as a {@link FixtureException}.
 */
public final class DaemonCorpus {

    /** The folder of the built-in daemon cases, under {@code fixtures/}. */
    public static final String FOLDER = "daemon";

    private final List<DaemonCase> cases;
    private final Map<String, DaemonCase> byId;

    private DaemonCorpus(List<FixtureSource> sources) {
        Map<String, DaemonCase> ids = new LinkedHashMap<>();
        for (FixtureSource source : sources) {
            for (DaemonFixtureParser.Loaded loaded : new DaemonFixtureParser(source.name()).parse(source.text())) {
                DaemonCase c = loaded.testCase();
                DaemonCase earlier = ids.putIfAbsent(c.id(), c);
                if (earlier != null) {
                    throw new FixtureException(source.name(), c.id(), loaded.pointer() + "/id",
                            "duplicate id, already defined in " + earlier.sourceFile());
                }
            }
        }
        this.cases = List.copyOf(ids.values());
        this.byId = Collections.unmodifiableMap(ids);
    }

    /** The daemon cases packaged with the kit (classpath folder {@code /fixtures/daemon/}); none when it has none. */
    public static DaemonCorpus builtIn() {
        return new DaemonCorpus(FixtureFiles.builtInIfPresent(FOLDER));
    }

    /** The daemon cases in {@code dir}: its {@code *.json} files, not those of subfolders. */
    public static DaemonCorpus load(Path dir) {
        return new DaemonCorpus(FixtureFiles.in(dir));
    }

    /** Every case, sorted by file name, then by order in the file. */
    public List<DaemonCase> cases() {
        return cases;
    }

    /** The case with {@code id}. */
    public Optional<DaemonCase> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }
}
