package org.couchtck.kit.cli;

import org.couchtck.kit.cases.Level;
import org.couchtck.kit.cases.Suite;
import org.couchtck.kit.daemons.DaemonCase;
import org.couchtck.kit.daemons.DaemonCorpus;
import org.couchtck.kit.daemons.GeneratedDaemonSuites;
import org.couchtck.kit.daemons.external.ExternalCase;
import org.couchtck.kit.daemons.external.ExternalCorpus;
import org.couchtck.kit.daemons.external.GeneratedExternalSuites;
import org.couchtck.kit.endpoint.HttpCase;
import org.couchtck.kit.endpoint.HttpCorpus;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.couchtck.kit.cases.Applicability;
import org.couchtck.kit.cases.Case;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.cases.FixtureException;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.queryserver.GeneratedSuites;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code couchtck list}: the cases of every suite (and, with the built-in corpus, the generated suites), filtered.
 */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List the cases of the corpus, every suite.")
final class ListCommand implements Callable<Integer> {

    enum Format { text, json }

    @Spec
    CommandSpec spec;

    @Mixin
    SelectionOptions selection;

    @Mixin
    TargetOptions target;

    @Option(names = "--fixtures", paramLabel = "DIR", description = "Load cases from this folder instead of the built-in corpus.")
    Path fixtures;

    @Option(names = "--format", defaultValue = "text", description = "Output: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    /** One listed case, whichever suite it is of. */
    private record Row(String id, Suite suite, String section, Level level, String description, String spec,
            List<String> capabilities, Applicability applicability) {}

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        List<Row> cases = new ArrayList<>();
        try {
            TargetProfile profile = target.profile();
            Corpus corpus = fixtures == null ? Corpus.builtIn() : Corpus.load(fixtures);
            List<Case> all = new ArrayList<>(corpus.cases());
            if (fixtures == null) {
                all.addAll(GeneratedSuites.cases());
            }
            for (Case c : all) {
                if (selection.selection().includes(c)) {
                    cases.add(new Row(c.id(), Suite.QUERY_SERVER, c.section(), c.level(), c.description(), c.spec(),
                            c.capabilities(), profile.applicability(c)));
                }
            }
            if (fixtures == null) {
                for (HttpCase c : HttpCorpus.builtIn().cases()) {
                    if (selection.selection().includes(c.id(), c.level())) {
                        cases.add(new Row(c.id(), Suite.HTTP, c.section(), c.level(), c.description(), c.spec(),
                                c.capabilities(), profile.applicability(c.capabilities())));
                    }
                }
                List<DaemonCase> daemons = new ArrayList<>(DaemonCorpus.builtIn().cases());
                daemons.addAll(GeneratedDaemonSuites.cases());
                for (DaemonCase c : daemons) {
                    if (selection.selection().includes(c.id(), c.level())) {
                        cases.add(new Row(c.id(), Suite.DAEMON, c.section(), c.level(), c.description(), c.spec(),
                                List.of(), Applicability.yes()));
                    }
                }
                List<ExternalCase> externals = new ArrayList<>(ExternalCorpus.builtIn().cases());
                externals.addAll(GeneratedExternalSuites.cases());
                for (ExternalCase c : externals) {
                    if (selection.selection().includes(c.id(), c.level())) {
                        cases.add(new Row(c.id(), Suite.EXTERNAL, c.section(), c.level(), c.description(), c.spec(),
                                List.of(), Applicability.yes()));
                    }
                }
            }
        } catch (FixtureException | IllegalArgumentException e) {
            spec.commandLine().getErr().println("couchtck: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        if (format == Format.json) {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            ArrayNode array = mapper.createArrayNode();
            for (Row c : cases) {
                Applicability applicability = c.applicability();
                ObjectNode node = array.addObject();
                node.put("id", c.id()).put("suite", c.suite().id()).put("section", c.section())
                        .put("level", c.level().name())
                        .put("description", c.description()).put("spec", c.spec())
                        .put("applicable", applicability.applicable());
                if (!applicability.applicable()) {
                    node.put("notApplicableBecause", applicability.reason());
                }
                c.capabilities().forEach(node.putArray("capabilities")::add);
            }
            out.println(mapper.writeValueAsString(array));
        } else {
            int width = cases.stream().mapToInt(c -> c.id().length()).max().orElse(0);
            for (Row c : cases) {
                Applicability applicability = c.applicability();
                out.printf("%-" + width + "s  %-6s %s%s%n", c.id(), c.level(), c.description(),
                        applicability.applicable() ? "" : "  [NA: " + applicability.reason() + "]");
            }
            out.printf("%d cases%n", cases.size());
        }
        out.flush();
        return ExitCodes.OK;
    }
}
