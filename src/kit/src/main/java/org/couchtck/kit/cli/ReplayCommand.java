package org.couchtck.kit.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.cases.FixtureException;
import org.couchtck.kit.cases.Suite;
import org.couchtck.kit.daemons.GeneratedDaemonSuites;
import org.couchtck.kit.daemons.external.GeneratedExternalSuites;
import org.couchtck.kit.endpoint.generated.GeneratedHttpSuites;
import org.couchtck.kit.run.CaseSelection;
import org.couchtck.kit.run.RunConfiguration;
import org.couchtck.kit.queryserver.GeneratedSuites;
import org.couchtck.kit.queryserver.GenerationSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code couchtck replay <case-id> --seed S}: one case again, generated from the seed a report recorded, with the
 * shrunk counterexample and its reproducer. A generated HTTP case ({@code http.generated-feeds.*},
 * {@code http.generated-views.*}) runs against {@code --endpoint} (default: the reference endpoint), a generated
 * {@code _external} case ({@code external.generated-requests.*}) against {@code --external} (default: the kit's own
 * echo handler), a generated daemon case ({@code daemon.generated-sessions.*}) against {@code --daemon} (default: the
 * kit's own daemon).
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Run one case again: a generated case with the seed of an earlier run (a generated HTTP case "
                + "against --endpoint, a generated _external case against --external, a generated daemon case against "
                + "--daemon), or a corpus case.")
final class ReplayCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CASE-ID", description = "The case to replay, e.g. "
            + GeneratedSuites.MAP_DIFFERENTIAL + ".")
    String caseId;

    @Mixin
    TargetOptions target;

    @Mixin
    GenerationOptions generation;

    @Mixin
    DaemonOptions daemons;

    @Option(names = "--fixtures", paramLabel = "DIR",
            description = "Load corpus cases from this folder instead of the built-in corpus.")
    Path fixtures;

    @Option(names = "--report-dir", paramLabel = "DIR",
            description = "Where to write the reports (default: reports/<run-id>).")
    Path reportDir;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunConfiguration config;
        GenerationSettings settings;
        try {
            boolean http = GeneratedHttpSuites.find(caseId).isPresent();
            boolean external = GeneratedExternalSuites.find(caseId).isPresent();
            boolean daemon = GeneratedDaemonSuites.find(caseId).isPresent();
            boolean generated = GeneratedSuites.find(caseId).isPresent() || http || external || daemon;
            if (generated && generation.seed == null) {
                err.println("couchtck: replaying a generated case needs the --seed of the run to replay");
                return ExitCodes.USAGE;
            }
            if (!generated) {
                Corpus corpus = fixtures == null ? Corpus.builtIn() : Corpus.load(fixtures);
                if (corpus.find(caseId).isEmpty()) {
                    err.println("couchtck: no case " + caseId + " in the corpus or the generated suites");
                    return ExitCodes.USAGE;
                }
            }
            CaseSelection only = new CaseSelection(List.of(caseId), List.of(), Set.of());
            if (daemon || external) {
                // A generated daemon case runs against --daemon (with --daemon-name and --daemon-config), a generated
                // _external case against --external.
                config = new RunConfiguration(Optional.empty(), target.profile(), target.timeout, Optional.empty(),
                        only, Optional.empty(), target.startTimeout, EnumSet.of(daemon ? Suite.DAEMON : Suite.EXTERNAL),
                        Optional.empty(), Optional.empty(), daemons.targets());
            } else if (http) {
                // A generated feed or view case is a case of the HTTP suite: it runs against --endpoint.
                config = new RunConfiguration(Optional.empty(), target.profile(), target.timeout, Optional.empty(),
                        only, Optional.empty(), target.startTimeout, EnumSet.of(Suite.HTTP),
                        Optional.ofNullable(target.endpoint), Optional.ofNullable(target.user))
                        .withEndpointCommand(target.endpointCommand());
                config.endpointSpec();
            } else {
                config = new RunConfiguration(target.serverCommand(), target.profile(), target.timeout,
                        Optional.ofNullable(fixtures), only, Optional.empty(), target.startTimeout);
                config.command();
            }
            settings = generation.settings(target.language);
        } catch (FixtureException | IllegalArgumentException e) {
            err.println("couchtck: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        return RunCommand.execute(config, Optional.of(settings), reportDir, false, out, err);
    }
}
