package org.couchtck.kit.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.couchtck.kit.cases.Case;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.cases.Suite;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.daemons.DaemonCorpus;
import org.couchtck.kit.daemons.GeneratedDaemonSuites;
import org.couchtck.kit.daemons.external.ExternalCorpus;
import org.couchtck.kit.daemons.external.GeneratedExternalSuites;
import org.couchtck.kit.endpoint.HttpCorpus;
import org.couchtck.kit.endpoint.generated.GeneratedHttpSuites;
import org.couchtck.kit.queryserver.GeneratedSuites;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * Every case a run could take, of every suite, with the features each needs: what a command line's {@code --include}
 * globs and {@code --without} names are checked against before anything runs, so that a typo is a usage error and not
 * a green run of nothing.
 */
public final class CaseCatalogue {

    /** One case: its id, its suite, its level and the features it needs. */
    public record Entry(String id, Suite suite, Level level, Set<String> features) {}

    private static final LevenshteinDistance DISTANCE = LevenshteinDistance.getDefaultInstance();

    private final List<Entry> entries;

    private CaseCatalogue(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /**
     * The cases of every suite: the query-server ones from {@code fixtures} (the built-in corpus and the generated
     * suites when empty), the others built in.
     *
     * @throws org.couchtck.kit.cases.FixtureException when {@code fixtures} cannot be loaded
     */
    public static CaseCatalogue of(Optional<Path> fixtures) {
        List<Entry> entries = new ArrayList<>();
        List<Case> queryServer = new ArrayList<>(fixtures.map(Corpus::load).orElseGet(Corpus::builtIn).cases());
        if (fixtures.isEmpty()) {
            queryServer.addAll(GeneratedSuites.cases());
        }
        queryServer.forEach(c -> entries.add(new Entry(c.id(), Suite.QUERY_SERVER, c.level(),
                features(c.capabilities()))));
        HttpCorpus.builtIn().cases().forEach(c -> entries.add(new Entry(c.id(), Suite.HTTP, c.level(),
                features(c.capabilities()))));
        GeneratedHttpSuites.cases().forEach(c -> entries.add(new Entry(c.id(), Suite.HTTP, c.level(),
                features(c.capabilities()))));
        DaemonCorpus.builtIn().cases().forEach(c -> entries.add(new Entry(c.id(), Suite.DAEMON, c.level(),
                Set.of())));
        GeneratedDaemonSuites.cases().forEach(c -> entries.add(new Entry(c.id(), Suite.DAEMON, c.level(),
                Set.of())));
        ExternalCorpus.builtIn().cases().forEach(c -> entries.add(new Entry(c.id(), Suite.EXTERNAL, c.level(),
                Set.of())));
        GeneratedExternalSuites.cases().forEach(c -> entries.add(new Entry(c.id(), Suite.EXTERNAL, c.level(),
                Set.of())));
        return new CaseCatalogue(entries);
    }

    /** A catalogue of {@code entries}, for tests. */
    static CaseCatalogue of(List<Entry> entries) {
        return new CaseCatalogue(entries);
    }

    /**
     * Why {@code selection} takes nothing in {@code suites}: an include glob that matches no case at all (with the
     * nearest section to it: a typo), or include globs that match cases of other suites only, or levels and excludes
     * that leave none. Empty when the run has cases to take. A glob of another suite beside one of the run's is no
     * error: one selection may serve runs of several suites.
     */
    public Optional<String> whyNothingSelected(CaseSelection selection, Set<Suite> suites) {
        for (String glob : selection.include()) {
            if (entries.stream().noneMatch(e -> CaseSelection.matches(glob, e.id()))) {
                return Optional.of("--include '" + glob + "' matches no case"
                        + nearest(glob).map(s -> " (did you mean '" + s + "'?)").orElse("")
                        + "; `couchtck list` shows the case ids");
            }
        }
        List<Entry> inSuites = entries.stream().filter(e -> suites.contains(e.suite())).toList();
        if (!selection.include().isEmpty() && inSuites.stream().noneMatch(e -> selection.include().stream()
                .anyMatch(glob -> CaseSelection.matches(glob, e.id())))) {
            return Optional.of("--include '" + String.join(",", selection.include()) + "' matches no case of the "
                    + "suites this run takes (" + names(suites) + "; --suite chooses); `couchtck list` shows the "
                    + "case ids");
        }
        if (inSuites.stream().noneMatch(e -> selection.includes(e.id(), e.level()))) {
            return Optional.of("the selection takes no case of " + names(suites) + " (--include, --exclude and "
                    + "--level together leave none); `couchtck list` shows the case ids");
        }
        return Optional.empty();
    }

    /** Every feature some case needs. */
    public Set<String> features() {
        return entries.stream().flatMap(e -> e.features().stream()).collect(Collectors.toCollection(TreeSet::new));
    }

    /** Names in {@code without} that no case needs, each with what it may have meant; empty when all are known. */
    public Optional<String> unknownFeatures(Set<String> without) {
        Set<String> known = features();
        List<String> unknown = without.stream().filter(name -> !known.contains(name)).sorted().toList();
        if (unknown.isEmpty()) {
            return Optional.empty();
        }
        List<String> lines = new ArrayList<>();
        for (String name : unknown) {
            List<String> under = known.stream().filter(k -> k.startsWith(name + ".")).toList();
            Optional<String> near = known.stream().min(Comparator.comparingInt(k -> DISTANCE.apply(name, k)))
                    .filter(k -> DISTANCE.apply(name, k) <= Math.max(2, name.length() / 3));
            lines.add("'" + name + "'" + (!under.isEmpty() ? " (the features under it: " + String.join(", ", under)
                    + ")" : near.map(k -> " (did you mean '" + k + "'?)").orElse("")));
        }
        return Optional.of("--without: no case needs " + String.join(", nor ", lines) + "; the features cases need: "
                + String.join(", ", known));
    }

    /** The section glob ({@code qs.map_doc.*}) nearest to {@code glob}, when one is near. */
    private Optional<String> nearest(String glob) {
        Set<String> sections = entries.stream().map(e -> sectionOf(e.id()) + ".*")
                .collect(Collectors.toCollection(TreeSet::new));
        return sections.stream().min(Comparator.comparingInt(s -> DISTANCE.apply(glob, s)))
                .filter(s -> DISTANCE.apply(glob, s) <= Math.max(2, glob.length() / 3));
    }

    private static String sectionOf(String id) {
        int last = id.lastIndexOf('.');
        return last < 0 ? id : id.substring(0, last);
    }

    private static String names(Set<Suite> suites) {
        return suites.stream().map(Suite::id).sorted().collect(Collectors.joining(", "));
    }

    private static Set<String> features(List<String> capabilities) {
        Set<String> features = new TreeSet<>();
        capabilities.forEach(c -> TargetProfile.featureOf(c).ifPresent(features::add));
        return features;
    }
}
