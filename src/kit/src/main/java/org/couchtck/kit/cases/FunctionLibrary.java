package org.couchtck.kit.cases;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The function catalogue and the language packs: where a case's {@code {"$fn": "map.emit-doc-id"}} finds its
 * source in the target's language. The kit ships {@code fixtures/functions/catalogue.json} and a pack per language
 * ({@code javascript.json}, {@code python.json}, ...); a user adds or overrides a language with pack files of their
 * own ({@code --functions FILE}).
 */
public final class FunctionLibrary {

    static final Pattern FUNCTION_ID = Pattern.compile("[a-z0-9_-]+(\\.[a-z0-9_-]+)+");
    private static final Pattern LANGUAGE = Pattern.compile("[a-z0-9_+-]+");
    private static final String CATALOGUE_FILE = "catalogue.json";

    private static volatile FunctionLibrary builtIn;

    private final Map<String, CatalogueFunction> catalogue;
    private final Map<String, FunctionPack> packs;
    private final List<Path> addedFiles;

    private FunctionLibrary(Map<String, CatalogueFunction> catalogue, Map<String, FunctionPack> packs,
            List<Path> addedFiles) {
        this.catalogue = Collections.unmodifiableMap(catalogue);
        this.packs = Collections.unmodifiableMap(packs);
        this.addedFiles = List.copyOf(addedFiles);
    }

    /** The catalogue and packs shipped with the kit; read once. */
    public static FunctionLibrary builtIn() {
        FunctionLibrary library = builtIn;
        if (library == null) {
            library = read(FixtureFiles.builtIn(FixtureFiles.FUNCTIONS));
            builtIn = library;
        }
        return library;
    }

    /** A library of the given files of a functions folder: {@code catalogue.json} and one pack per other file. */
    static FunctionLibrary read(List<FixtureSource> files) {
        FixtureSource catalogueFile = files.stream().filter(f -> f.name().endsWith("/" + CATALOGUE_FILE))
                .findFirst().orElseThrow(() -> new FixtureException("fixtures/functions/" + CATALOGUE_FILE, "", "",
                        "the function catalogue is missing"));
        Map<String, CatalogueFunction> catalogue = parseCatalogue(catalogueFile);
        Map<String, FunctionPack> packs = new LinkedHashMap<>();
        for (FixtureSource file : files) {
            if (file != catalogueFile) {
                FunctionPack pack = parsePack(file, catalogue);
                packs.merge(pack.language(), pack, FunctionPack::overriddenBy);
            }
        }
        return new FunctionLibrary(catalogue, packs, List.of());
    }

    /**
     * This library with the pack in {@code file} added: a new language, or sources that replace and complete those of
     * a language the library has.
     *
     * @throws FixtureException when the file is unreadable, malformed, or names functions the catalogue lacks
     */
    public FunctionLibrary withPack(Path file) {
        FunctionPack pack = parsePack(FixtureFiles.file(file), catalogue);
        Map<String, FunctionPack> merged = new LinkedHashMap<>(packs);
        merged.merge(pack.language(), pack, FunctionPack::overriddenBy);
        List<Path> files = new ArrayList<>(addedFiles);
        files.add(file);
        return new FunctionLibrary(new LinkedHashMap<>(catalogue), merged, files);
    }

    /** The library with every pack file of {@code files} added, in order. */
    public FunctionLibrary withPacks(List<Path> files) {
        FunctionLibrary library = this;
        for (Path file : files) {
            library = library.withPack(file);
        }
        return library;
    }

    /** The pack files added to the built-in ones, in the order they were added. */
    public List<Path> addedFiles() {
        return addedFiles;
    }

    /** The source of function {@code id} in {@code language}, if that language's pack has one. */
    public Optional<String> source(String id, String language) {
        FunctionPack pack = packs.get(language);
        return pack == null ? Optional.empty() : Optional.ofNullable(pack.sources().get(id));
    }

    /** The catalogue entry of {@code id}. */
    public Optional<CatalogueFunction> function(String id) {
        return Optional.ofNullable(catalogue.get(id));
    }

    /** Every catalogue function, in catalogue order. */
    public List<CatalogueFunction> functions() {
        return List.copyOf(catalogue.values());
    }

    /** The pack of {@code language}. */
    public Optional<FunctionPack> pack(String language) {
        return Optional.ofNullable(packs.get(language));
    }

    /** The languages with a pack, sorted. */
    public Set<String> languages() {
        return Collections.unmodifiableSet(new TreeSet<>(packs.keySet()));
    }

    private static Map<String, CatalogueFunction> parseCatalogue(FixtureSource file) {
        JsonNode root = readJson(file);
        Map<String, CatalogueFunction> catalogue = new LinkedHashMap<>();
        JsonNode functions = objectField(root, "functions", file, "", "");
        for (Iterator<Map.Entry<String, JsonNode>> it = functions.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String id = entry.getKey();
            String at = "/functions/" + FixtureParser.escape(id);
            if (!FUNCTION_ID.matcher(id).matches()) {
                throw new FixtureException(file.name(), id, at, "a function id is dotted lowercase, e.g. map.emit-doc-id");
            }
            JsonNode spec = entry.getValue();
            if (!spec.isObject()) {
                throw new FixtureException(file.name(), id, at, "a catalogue entry is an object with kind and statement");
            }
            FixtureParser.onlyFields(spec, Set.of("kind", "statement", "only"), file.name(), id, at);
            String kind = text(spec, "kind", file, id, at);
            String statement = text(spec, "statement", file, id, at);
            if (statement.isBlank() || statement.contains("\n")) {
                throw new FixtureException(file.name(), id, at + "/statement", "the statement is one non-empty line");
            }
            Optional<String> only = Optional.empty();
            String why = "";
            if (spec.has("only")) {
                JsonNode onlySpec = spec.get("only");
                String onlyAt = at + "/only";
                if (!onlySpec.isObject()) {
                    throw new FixtureException(file.name(), id, onlyAt, "only is {\"language\": L, \"why\": \"...\"}");
                }
                FixtureParser.onlyFields(onlySpec, Set.of("language", "why"), file.name(), id, onlyAt);
                only = Optional.of(text(onlySpec, "language", file, id, onlyAt));
                why = text(onlySpec, "why", file, id, onlyAt);
            }
            catalogue.put(id, new CatalogueFunction(id, kind, statement, only, why));
        }
        return catalogue;
    }

    private static FunctionPack parsePack(FixtureSource file, Map<String, CatalogueFunction> catalogue) {
        JsonNode root = readJson(file);
        if (!root.isObject()) {
            throw new FixtureException(file.name(), "", "", "a function pack is an object with language and functions");
        }
        FixtureParser.onlyFields(root, Set.of("language", "conventions", "functions"), file.name(), "", "");
        String language = text(root, "language", file, "", "");
        if (!LANGUAGE.matcher(language).matches()) {
            throw new FixtureException(file.name(), "", "/language", "a language name is lowercase, e.g. python");
        }
        String conventions = root.has("conventions") ? text(root, "conventions", file, "", "") : "";
        Map<String, String> sources = new LinkedHashMap<>();
        JsonNode functions = objectField(root, "functions", file, "", "");
        for (Iterator<Map.Entry<String, JsonNode>> it = functions.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String id = entry.getKey();
            String at = "/functions/" + FixtureParser.escape(id);
            if (!catalogue.containsKey(id)) {
                throw new FixtureException(file.name(), id, at, "no function '" + id + "' in the catalogue "
                        + "(couchtck functions lists the catalogue)");
            }
            JsonNode value = entry.getValue();
            if (value.isObject()) {
                // The template's form: the source beside what it must do and the sources to translate from, which
                // are for the translator; only "source" is read, and null means not written yet.
                JsonNode source = value.get("source");
                if (source == null || !(source.isTextual() || source.isNull())) {
                    throw new FixtureException(file.name(), id, at + "/source",
                            "a function given as an object has a \"source\": a string, or null when not written yet");
                }
                if (source.isTextual()) {
                    sources.put(id, source.textValue());
                }
            } else if (value.isTextual()) {
                sources.put(id, value.textValue());
            } else {
                throw new FixtureException(file.name(), id, at, "a function source is a string (or an object with a "
                        + "\"source\", as `couchtck functions --template` writes)");
            }
        }
        return new FunctionPack(language, conventions, sources, file.name());
    }

    private static JsonNode readJson(FixtureSource file) {
        try {
            return FixtureParser.MAPPER.readTree(file.text());
        } catch (JsonProcessingException e) {
            throw new FixtureException(file.name(), "", "", "malformed JSON: " + e.getOriginalMessage());
        }
    }

    private static JsonNode objectField(JsonNode node, String field, FixtureSource file, String id, String at) {
        JsonNode value = node.get(field);
        if (value == null || !value.isObject()) {
            throw new FixtureException(file.name(), id, at + "/" + field, field + " must be an object");
        }
        return value;
    }

    private static String text(JsonNode node, String field, FixtureSource file, String id, String at) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new FixtureException(file.name(), id, at + "/" + field, field + " must be a string");
        }
        return value.textValue();
    }
}
