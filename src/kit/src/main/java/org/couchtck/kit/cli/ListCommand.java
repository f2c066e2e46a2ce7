package org.couchtck.kit.cli;

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

/** {@code couchtck list}: the cases of the corpus (and, with the built-in corpus, the generated suites), filtered. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List the cases of the corpus.")
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

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        List<Case> cases;
        TargetProfile profile;
        try {
            Corpus corpus = fixtures == null ? Corpus.builtIn() : Corpus.load(fixtures);
            List<Case> all = new ArrayList<>(corpus.cases());
            if (fixtures == null) {
                all.addAll(GeneratedSuites.cases());
            }
            cases = all.stream().filter(selection.selection()::includes).toList();
            profile = target.profile();
        } catch (FixtureException | IllegalArgumentException e) {
            spec.commandLine().getErr().println("couchtck: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        if (format == Format.json) {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            ArrayNode array = mapper.createArrayNode();
            for (Case c : cases) {
                Applicability applicability = profile.applicability(c);
                ObjectNode node = array.addObject();
                node.put("id", c.id()).put("section", c.section()).put("level", c.level().name())
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
            for (Case c : cases) {
                Applicability applicability = profile.applicability(c);
                out.printf("%-" + width + "s  %-6s %s%s%n", c.id(), c.level(), c.description(),
                        applicability.applicable() ? "" : "  [NA: " + applicability.reason() + "]");
            }
            out.printf("%d cases%n", cases.size());
        }
        out.flush();
        return ExitCodes.OK;
    }
}
