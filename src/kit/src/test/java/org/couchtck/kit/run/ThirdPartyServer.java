package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.couchtck.kit.cases.Applicability;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.report.RunResult;

/**
 * A real view server by others, kept in the shared folder's third-party/ (never copied into the project) and started
 * through the launcher there ({@code <folder>/run}; {@code install.sh} beside it installs the runtimes and builds what
 * must be built). Its tests run the built-in corpus with the kit's pack of its language and a committed baseline
 * of its genuine deviations, {@code reports/baselines/<baseline>.json}.
 *
 * @param folder the server's folder under third-party/
 * @param language the pack the server's functions come from
 * @param baseline the name of its baseline file, without {@code .json}
 * @param minimumPasses the PASS count its run must reach (a little below what was measured), so that a broken pack
 *     that turns passes into baseline-listed failures cannot go unnoticed
 */
record ThirdPartyServer(String folder, String language, String baseline, int minimumPasses) {

    static final ThirdPartyServer RELAXO = new ThirdPartyServer("relaxo", "ruby", "relaxo", 58);
    static final ThirdPartyServer EOC_SERVER = new ThirdPartyServer("eoc-server", "php", "eoc-server", 33);
    static final ThirdPartyServer PERL_COUCHDB_VIEW = new ThirdPartyServer("perl-couchdb-view", "perl",
            "perl-couchdb-view", 20);
    static final ThirdPartyServer CHILLAX = new ThirdPartyServer("chillax", "common-lisp", "chillax", 12);
    static final ThirdPartyServer CLUTCH = new ThirdPartyServer("clutch", "clojure", "clutch", 58);

    /** The servers run through their launcher (couchdb-python, run under two Pythons, has a test of its own). */
    static List<ThirdPartyServer> launched() {
        return List.of(RELAXO, EOC_SERVER, PERL_COUCHDB_VIEW, CHILLAX, CLUTCH);
    }

    /** The launcher's absolute path, as the command line of the target. */
    String command() {
        Path launcher = ProjectFiles.shared().resolve("third-party").resolve(folder).resolve("run");
        assertThat(Files.isExecutable(launcher)).as("launcher of " + folder + " at " + launcher).isTrue();
        return "'" + launcher.toAbsolutePath().normalize() + "'";
    }

    /** The target profile of the server: its language, the latest CouchDB, no feature left out. */
    TargetProfile profile() {
        return new TargetProfile(language, CouchDbVersion.LATEST, Set.of());
    }

    Path baselineFile() {
        return ProjectFiles.root().resolve("reports/baselines/" + baseline + ".json");
    }

    /** The whole query-server corpus (no generated suites) against the server, with its baseline. */
    RunResult runCorpus() {
        RunConfiguration config = new RunConfiguration(Optional.of(command()), profile(), Duration.ofSeconds(10),
                Optional.empty(), CaseSelection.all(), Optional.of(baselineFile()), Duration.ofSeconds(30));
        return ConformanceRunner.run(config, folder, ConformanceRunner.Progress.NONE);
    }

    /** Every case is PASS, NA or KNOWN (the baseline), at least {@code minimumPasses} pass, and the run passed. */
    static void assertPassesButForBaseline(RunResult run, int minimumPasses) {
        List<CaseResult> broken = run.cases().stream()
                .filter(c -> !Set.of(Verdict.PASS, Verdict.NA, Verdict.KNOWN).contains(c.verdict())).toList();
        assertThat(broken).as(() -> broken.stream().map(c -> c.caseId() + " " + c.verdict() + ": " + c.message())
                .collect(Collectors.joining("\n"))).isEmpty();
        assertThat(run.cases()).filteredOn(c -> c.verdict() == Verdict.PASS).hasSizeGreaterThanOrEqualTo(minimumPasses);
        assertThat(run.passed()).isTrue();
    }

    /** The ids of the built-in cases that are NA for this server's language for want of a function source. */
    List<String> casesWithoutSource() {
        TargetProfile profile = profile();
        return Corpus.builtIn().cases().stream()
                .filter(c -> profile.applicability(c).cause() == Applicability.Cause.NO_SOURCE)
                .map(c -> c.id()).toList();
    }

    @Override
    public String toString() {
        return folder + " (" + language + ")";
    }
}
