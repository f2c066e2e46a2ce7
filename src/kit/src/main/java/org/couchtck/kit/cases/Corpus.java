package org.couchtck.kit.cases;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The loaded cases: every {@code *.json} fixture file of a folder, files in name order, cases in file order.
 * Loading validates every field; the first problem is thrown as a {@link FixtureException}.
 */
public final class Corpus {

    private final List<Case> cases;
    private final Map<String, Case> byId;
    private final Map<String, TranscriptLines> transcriptLines;

    private Corpus(List<FixtureSource> sources, FunctionLibrary functions) {
        Map<String, Case> ids = new LinkedHashMap<>();
        Map<String, TranscriptLines> lines = new LinkedHashMap<>();
        for (FixtureSource source : sources) {
            for (LoadedCase loaded : new FixtureParser(source.name(), functions).parse(source.text())) {
                Case c = loaded.testCase();
                Case earlier = ids.putIfAbsent(c.id(), c);
                if (earlier != null) {
                    throw new FixtureException(source.name(), c.id(), loaded.pointer() + "/id",
                            "duplicate id, already defined in " + earlier.sourceFile());
                }
                loaded.transcriptLines().ifPresent(t -> lines.put(c.id(), t));
            }
        }
        this.cases = List.copyOf(ids.values());
        this.byId = Collections.unmodifiableMap(ids);
        this.transcriptLines = Collections.unmodifiableMap(lines);
    }

    /** The corpus packaged with the kit (classpath folder {@code /fixtures/query-server/}). */
    public static Corpus builtIn() {
        return new Corpus(FixtureFiles.builtIn(FixtureFiles.QUERY_SERVER), FunctionLibrary.builtIn());
    }

    /**
     * The corpus in {@code dir}: its {@code *.json} files, not those of subfolders. Its cases may name functions of
     * the built-in catalogue.
     */
    public static Corpus load(Path dir) {
        return new Corpus(FixtureFiles.in(dir), FunctionLibrary.builtIn());
    }

    /** Every case, sorted by file name, then by order in the file. */
    public List<Case> cases() {
        return cases;
    }

    /** The case with {@code id}. */
    public Optional<Case> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** How the case's steps line up with its couchjs recording, when its fixture says so. */
    public Optional<TranscriptLines> transcriptLines(String caseId) {
        return Optional.ofNullable(transcriptLines.get(caseId));
    }

    /** For each catalogue function the cases use, the ids of the cases that use it, in corpus order. */
    public Map<String, List<String>> functionUsage() {
        Map<String, List<String>> usage = new LinkedHashMap<>();
        for (Case c : cases) {
            for (Step step : c.steps()) {
                for (var function : FunctionSources.find(step.payload())) {
                    FunctionSources.catalogueId(function).ifPresent(id -> {
                        List<String> users = usage.computeIfAbsent(id, k -> new ArrayList<>());
                        if (!users.contains(c.id())) {
                            users.add(c.id());
                        }
                    });
                }
            }
        }
        return usage;
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
