package org.couchtck.kit.endpoint;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.couchtck.kit.cases.FixtureException;
import org.couchtck.kit.cases.FixtureFiles;
import org.couchtck.kit.cases.FixtureSource;

/**
 * The loaded HTTP cases: every {@code *.json} file of a folder, files in name order, cases in file order. Loading
 * checks every field; the first problem is thrown as a {@link FixtureException}.
 */
public final class HttpCorpus {

    private final List<HttpCase> cases;
    private final Map<String, HttpCase> byId;

    private HttpCorpus(List<FixtureSource> sources) {
        Map<String, HttpCase> ids = new LinkedHashMap<>();
        for (FixtureSource source : sources) {
            for (HttpFixtureParser.Loaded loaded : new HttpFixtureParser(source.name()).parse(source.text())) {
                HttpCase c = loaded.testCase();
                HttpCase earlier = ids.putIfAbsent(c.id(), c);
                if (earlier != null) {
                    throw new FixtureException(source.name(), c.id(), loaded.pointer() + "/id",
                            "duplicate id, already defined in " + earlier.sourceFile());
                }
            }
        }
        this.cases = List.copyOf(ids.values());
        this.byId = Collections.unmodifiableMap(ids);
    }

    /** The HTTP cases packaged with the kit (classpath folder {@code /fixtures/http/}); none when it has none. */
    public static HttpCorpus builtIn() {
        return new HttpCorpus(FixtureFiles.builtInIfPresent(FixtureFiles.HTTP));
    }

    /** The HTTP cases in {@code dir}: its {@code *.json} files, not those of subfolders. */
    public static HttpCorpus load(Path dir) {
        return new HttpCorpus(FixtureFiles.in(dir));
    }

    /** Every case, sorted by file name, then by order in the file. */
    public List<HttpCase> cases() {
        return cases;
    }

    /** The case with {@code id}. */
    public Optional<HttpCase> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** The ids of every section with at least one case, in corpus order. */
    public List<String> sections() {
        List<String> sections = new ArrayList<>();
        cases.forEach(c -> {
            if (!sections.contains(c.section())) {
                sections.add(c.section());
            }
        });
        return sections;
    }
}
