package org.couchtck.kit.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.concurrent.Callable;
import org.couchtck.kit.cases.CatalogueFunction;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.cases.FixtureException;
import org.couchtck.kit.cases.FunctionLibrary;
import org.couchtck.kit.queryserver.GeneratedSuites;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code couchtck functions}: what the function pack of a language lacks, each missing function with its statement
 * and its sources in the shipped languages to translate from.
 */
@Command(name = "functions", mixinStandardHelpOptions = true,
        description = "List the catalogue functions a language's pack has no source for, with what each must do "
                + "and its JavaScript and Python sources.")
final class FunctionsCommand implements Callable<Integer> {

    /** The shipped packs a translator reads from, in this order. */
    private static final List<String> REFERENCE_LANGUAGES = List.of("javascript", "python");

    enum Format { text, json }

    @Spec
    CommandSpec spec;

    @Option(names = "--language", paramLabel = "LANG", required = true,
            description = "The language whose pack is checked.")
    String language;

    @Option(names = "--functions", paramLabel = "FILE",
            description = "A function pack (JSON) to add before checking; repeatable.")
    List<Path> functions = new ArrayList<>();

    @Option(names = "--all", description = "List every function, not only the missing ones.")
    boolean all;

    @Option(names = "--kind", paramLabel = "KIND", split = ",",
            description = "Only functions of these kinds: map, reduce, show, list, update, filter, validate, rewrite, "
                    + "index, module.")
    List<String> kinds = new ArrayList<>();

    @Option(names = "--template",
            description = "Write a pack skeleton (JSON) for the language: every function it needs, each with its "
                    + "statement, the cases using it, its JavaScript and Python sources, and a \"source\" to fill "
                    + "in (the language's own where a pack has one, else null).")
    boolean template;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text or json (default: ${DEFAULT-VALUE}).")
    Format format;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        FunctionLibrary library;
        Map<String, List<String>> usage;
        try {
            library = FunctionLibrary.builtIn().withPacks(functions);
            usage = new java.util.LinkedHashMap<>(Corpus.builtIn().functionUsage());
            usage.putAll(GeneratedSuites.functionUsage());
        } catch (FixtureException e) {
            spec.commandLine().getErr().println("couchtck: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        Set<String> knownKinds = library.functions().stream().map(CatalogueFunction::kind)
                .collect(Collectors.toCollection(TreeSet::new));
        for (String kind : kinds) {
            if (!knownKinds.contains(kind)) {
                spec.commandLine().getErr().println("couchtck: unknown --kind '" + kind + "' (kinds: "
                        + String.join(", ", knownKinds) + ")");
                return ExitCodes.USAGE;
            }
        }
        List<CatalogueFunction> wanted = library.functions().stream()
                .filter(f -> f.translatableTo(language))
                .filter(f -> kinds.isEmpty() || kinds.contains(f.kind())).toList();
        if (template) {
            out.println(template(library, wanted, usage));
            out.flush();
            return ExitCodes.OK;
        }
        List<CatalogueFunction> missing = wanted.stream()
                .filter(f -> library.source(f.id(), language).isEmpty()).toList();
        List<CatalogueFunction> listed = all ? wanted : missing;
        if (format == Format.json) {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            ArrayNode array = mapper.createArrayNode();
            for (CatalogueFunction f : listed) {
                ObjectNode node = array.addObject().put("id", f.id()).put("kind", f.kind())
                        .put("statement", f.statement())
                        .put("missing", library.source(f.id(), language).isEmpty());
                usage.getOrDefault(f.id(), List.of()).forEach(node.putArray("usedBy")::add);
                ObjectNode sources = node.putObject("sources");
                for (String reference : languagesToShow()) {
                    library.source(f.id(), reference).ifPresent(source -> sources.put(reference, source));
                }
            }
            out.println(mapper.writeValueAsString(array));
            out.flush();
            return ExitCodes.OK;
        }
        long onlyOthers = library.functions().size() - wanted.size();
        out.printf("couchtck functions: the %s pack has %d of the %d functions a %s server needs; %d missing%s%n",
                language, wanted.size() - missing.size(), wanted.size(), language, missing.size(),
                onlyOthers == 0 ? "" : " (" + onlyOthers + " more are about another language itself and need none)");
        library.pack(language).filter(p -> !p.conventions().isBlank())
                .ifPresent(p -> out.println("conventions: " + p.conventions()));
        for (CatalogueFunction f : listed) {
            out.println();
            out.printf("%s  (%s)%s%n  %s%n", f.id(), f.kind(),
                    library.source(f.id(), language).isEmpty() ? "  MISSING" : "", f.statement());
            List<String> users = usage.getOrDefault(f.id(), List.of());
            if (!users.isEmpty()) {
                out.println("  used by: " + String.join(", ", users));
            }
            for (String reference : languagesToShow()) {
                library.source(f.id(), reference).ifPresent(source -> out.println("  " + reference + ":\n"
                        + indent(source)));
            }
        }
        if (!missing.isEmpty()) {
            out.printf("%nAdd the missing sources to a pack file {\"language\": \"%s\", \"functions\": {\"<id>\": "
                    + "\"<source>\"}} and pass it with --functions FILE.%n", language);
        }
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * A pack file for {@link #language} that the kit reads as it is: each function an object whose "source" the
     * translator fills in, beside its statement, its users and its sources in the shipped languages.
     */
    private String template(FunctionLibrary library, List<CatalogueFunction> wanted,
            Map<String, List<String>> usage) throws Exception {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode pack = mapper.createObjectNode().put("language", language);
        pack.put("conventions", library.pack(language).map(p -> p.conventions()).filter(c -> !c.isBlank())
                .orElse("One paragraph for translators and users: how a map function emits, a reduce function's "
                        + "arguments, how a list sends chunks and reads rows, how errors are raised, what log is."));
        ObjectNode functionsNode = pack.putObject("functions");
        for (CatalogueFunction f : wanted) {
            ObjectNode node = functionsNode.putObject(f.id());
            Optional<String> own = library.source(f.id(), language);
            if (own.isPresent()) {
                node.put("source", own.get());
            } else {
                node.putNull("source");
            }
            node.put("kind", f.kind()).put("statement", f.statement());
            usage.getOrDefault(f.id(), List.of()).forEach(node.putArray("usedBy")::add);
            for (String reference : REFERENCE_LANGUAGES) {
                if (!reference.equals(language)) {
                    library.source(f.id(), reference).ifPresent(source -> node.put(reference, source));
                }
            }
        }
        return mapper.writeValueAsString(pack);
    }

    private List<String> languagesToShow() {
        List<String> shown = new ArrayList<>(REFERENCE_LANGUAGES);
        if (!shown.contains(language)) {
            shown.add(language);
        }
        return shown;
    }

    private static String indent(String source) {
        return "    " + source.replace("\n", "\n    ");
    }
}
