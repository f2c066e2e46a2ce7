package org.couchtck.kit.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.Suite;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.report.EndpointOutage;
import org.couchtck.kit.report.RunResult;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * PouchDB Server 4.2.0, a CouchDB-compatible endpoint by others (kept in the shared folder's pouchdb-server/, never
 * copied into the project), launched and supervised by the kit through {@code --endpoint-command}: its genuine
 * deviations are the committed baseline {@code reports/baselines/pouchdb-server.json}, each with its reason. It exits
 * on some requests (an unhandled error of a changes feed): the kit starts it again, runs the cases it disturbed once
 * more and names the case whose request made it go away. Skipped, saying why, where Node.js or the server is not
 * installed ({@code .ci/run} runs its {@code install.sh}). It has no {@code /_node/{node}/_config}: the run says
 * {@code --without config.node-api}, as the README's worked example does.
 */
@Timeout(600)
class PouchDbServerConformanceTest {

    /**
     * The sections run in CI: all but the Externals API's, which PouchDB Server has none of (every case NA), and
     * autoindex, whose cases wait out CouchDB's ken delays (a minute of the build for 13 cases).
     */
    private static final List<String> SECTIONS = List.of("http.all_docs.*", "http.bulk_docs.*", "http.changes.*",
            "http.config.*", "http.databases.*", "http.db_updates.*", "http.ddoc.*", "http.documents.*",
            "http.reduce.*", "http.views.*");
    /** A little below what was measured (219), so that a broken kit that turns passes into failures shows. */
    private static final int MINIMUM_PASSES = 200;

    @Test
    void theHttpSuiteJudgesPouchDbServerByItsBaselineAndNamesTheCaseBehindEveryCrash() {
        Path launcher = ProjectFiles.shared().resolve("pouchdb-server").resolve("run");
        Optional<String> missing = whyNotInstalled(launcher);
        Assumptions.assumeTrue(missing.isEmpty(), () -> "PouchDB Server cannot be run here: " + missing.get());
        // 10 s per request: a loaded CI machine is slow, and a reply that comes late is no verdict of PouchDB's.
        RunConfiguration config = new RunConfiguration(Optional.empty(),
                new TargetProfile("javascript", CouchDbVersion.LATEST, Set.of("config.node-api")),
                Duration.ofSeconds(10),
                Optional.empty(), new CaseSelection(SECTIONS, List.of(), Set.of()),
                Optional.of(ProjectFiles.root().resolve("reports/baselines/pouchdb-server.json")),
                Duration.ofSeconds(60), EnumSet.of(Suite.HTTP), Optional.empty(), Optional.of("admin:admin"))
                .withEndpointCommand(Optional.of("'" + launcher.toAbsolutePath().normalize() + "' {port} {dir}"));

        RunResult run = ConformanceRunner.run(config, "pouchdb-server", ConformanceRunner.Progress.NONE);

        List<CaseResult> broken = run.cases().stream()
                .filter(c -> !Set.of(Verdict.PASS, Verdict.NA, Verdict.KNOWN).contains(c.verdict())).toList();
        assertThat(broken).as(() -> broken.stream().map(c -> c.caseId() + " " + c.verdict() + ": " + c.message())
                .collect(Collectors.joining("\n"))).isEmpty();
        assertThat(run.cases()).filteredOn(c -> c.verdict() == Verdict.PASS).hasSizeGreaterThanOrEqualTo(
                MINIMUM_PASSES);
        assertThat(run.outages()).as("PouchDB Server exits on an erroring changes filter").isNotEmpty()
                .allSatisfy(outage -> assertThat(outage.causes()).as("outage %d: %s", outage.number(),
                        outage.finding()).isNotEmpty());
        List<String> causes = run.outages().stream().map(EndpointOutage::cause).filter(c -> !c.isEmpty())
                .distinct().toList();
        assertThat(causes).allSatisfy(cause -> assertThat(run.cases()).filteredOn(c -> c.caseId().equals(cause))
                .singleElement().satisfies(c -> assertThat(c.message()).startsWith("the endpoint exited with "
                        + "status 1 while this case ran alone")));
    }

    /** Why PouchDB Server cannot be started here, if it cannot. */
    private static Optional<String> whyNotInstalled(Path launcher) {
        if (!Files.isExecutable(launcher)) {
            return Optional.of("no launcher at " + launcher.toAbsolutePath().normalize());
        }
        String cache = Optional.ofNullable(System.getenv("COUCHTCK_POUCHDB_CACHE"))
                .orElse(System.getProperty("user.home") + "/.cache/couchtck-pouchdb-server");
        Path server = Path.of(cache, "node_modules", ".bin", "pouchdb-server");
        if (!Files.isExecutable(server)) {
            return Optional.of("it is not installed in " + cache + " (run " + launcher.resolveSibling("install.sh")
                    + ")");
        }
        boolean node = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, "node")));
        return node ? Optional.empty() : Optional.of("no node on the PATH");
    }
}
