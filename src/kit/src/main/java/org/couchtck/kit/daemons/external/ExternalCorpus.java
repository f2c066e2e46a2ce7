package org.couchtck.kit.daemons.external;

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
 * The loaded {@code _external} cases: every {@code *.json} file of a folder, files in name order, cases in file
 * order. Loading checks every field; the first problem is thrown as a {@link FixtureException}.
 */
public final class ExternalCorpus {

    /** The folder of the built-in cases, under {@code fixtures/}. */
    public static final String FOLDER = "external";

    private final List<ExternalCase> cases;
    private final Map<String, ExternalCase> byId;

    private ExternalCorpus(List<FixtureSource> sources) {
        Map<String, ExternalCase> ids = new LinkedHashMap<>();
        for (FixtureSource source : sources) {
            for (ExternalFixtureParser.Loaded loaded : new ExternalFixtureParser(source.name()).parse(source.text())) {
                ExternalCase c = loaded.testCase();
                ExternalCase earlier = ids.putIfAbsent(c.id(), c);
                if (earlier != null) {
                    throw new FixtureException(source.name(), c.id(), loaded.pointer() + "/id",
                            "duplicate id, already defined in " + earlier.sourceFile());
                }
            }
        }
        this.cases = List.copyOf(ids.values());
        this.byId = Collections.unmodifiableMap(ids);
    }

    /** The cases packaged with the kit (classpath folder {@code /fixtures/external/}); none when it has none. */
    public static ExternalCorpus builtIn() {
        return new ExternalCorpus(FixtureFiles.builtInIfPresent(FOLDER));
    }

    /** The cases in {@code dir}: its {@code *.json} files, not those of subfolders. */
    public static ExternalCorpus load(Path dir) {
        return new ExternalCorpus(FixtureFiles.in(dir));
    }

    /** Every case, sorted by file name, then by order in the file. */
    public List<ExternalCase> cases() {
        return cases;
    }

    /** The case with {@code id}. */
    public Optional<ExternalCase> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }
}
