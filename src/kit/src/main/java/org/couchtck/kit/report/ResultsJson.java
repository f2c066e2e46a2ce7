package org.couchtck.kit.report;

import org.couchtck.kit.cases.Applicability;
import java.util.Locale;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.TranscriptEntry;

/**
 * The canonical, lossless machine format of a run: {@code results.json}. Every other report is a view of it,
 * and {@code couchtck compare} reads it back. Its JSON Schema ships as {@code results.schema.json} beside
 * this class.
 *
 * <p>Instants are ISO-8601 strings; durations are milliseconds as decimal numbers (nanosecond precision kept);
 * the per-verdict counts are written for readers' convenience and recomputed, not trusted, on reading.
 */
public final class ResultsJson {

    /** The version of the document layout; bumped on any incompatible change. */
    public static final int SCHEMA_VERSION = 1;

    /** Class-path location of the JSON Schema (draft 2020-12) of the document. */
    public static final String SCHEMA_RESOURCE = "/org/couchtck/kit/report/results.schema.json";

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private ResultsJson() {}

    /** Writes {@code run} to {@code file}, replacing it. */
    public static void write(RunResult run, Path file) throws IOException {
        Files.writeString(file, toJson(run));
    }

    /**
     * Reads a run written by {@link #write}.
     *
     * @throws UncheckedIOException when the file cannot be read
     * @throws ResultsFormatException when it is not a results document of this schema version
     */
    public static RunResult read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        try {
            return fromJson(text);
        } catch (ResultsFormatException e) {
            throw new ResultsFormatException(file + ": " + e.getMessage(), e);
        }
    }

    /** The document for {@code run}, pretty-printed. */
    public static String toJson(RunResult run) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().with(new SurrogateEscapes())
                    .writeValueAsString(toTree(run)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always serialises", e);
        }
    }

    /** The run a document describes; the inverse of {@link #toJson}. */
    public static RunResult fromJson(String json) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new ResultsFormatException("not JSON: " + e.getOriginalMessage(), e);
        }
        return new Reader().run(root);
    }

    private static ObjectNode toTree(RunResult run) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        root.put("runId", run.runId());
        root.put("kitVersion", run.kitVersion());
        ObjectNode target = root.putObject("target");
        target.put("name", run.target().name());
        target.put("command", run.target().command());
        target.put("language", run.target().language());
        target.put("couchDbVersion", run.target().couchDbVersion());
        target.put("profile", run.target().profile());
        if (run.target().endpoint() != null) {
            target.put("endpoint", run.target().endpoint());
        }
        root.put("started", run.started().toString());
        putMillis(root, "durationMs", run.duration());
        root.put("passed", run.passed());
        run.whyUnfinished().ifPresent(why -> root.put("unfinished", why));
        ObjectNode counts = root.putObject("counts");
        for (Map.Entry<Verdict, Integer> count : run.counts().entrySet()) {
            counts.put(count.getKey().name(), count.getValue());
        }
        ArrayNode cases = root.putArray("cases");
        for (CaseResult result : run.cases()) {
            cases.add(caseTree(result));
        }
        if (!run.outages().isEmpty()) {
            ArrayNode outages = root.putArray("outages");
            for (EndpointOutage outage : run.outages()) {
                ObjectNode node = outages.addObject();
                node.put("number", outage.number());
                node.put("at", outage.at().toString());
                node.put("what", outage.what());
                node.put("lastWords", outage.lastWords());
                ArrayNode inFlight = node.putArray("inFlight");
                outage.inFlight().forEach(inFlight::add);
                ArrayNode causes = node.putArray("causes");
                outage.causes().forEach(causes::add);
                node.put("finding", outage.finding());
            }
        }
        return root;
    }

    private static ObjectNode caseTree(CaseResult result) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("id", result.caseId());
        node.put("suite", org.couchtck.kit.cases.Suite.ofCase(result.caseId()).id());
        node.put("section", result.section());
        node.put("level", result.level() == null ? null : result.level().name());
        node.put("description", result.description());
        node.put("spec", result.spec());
        node.put("verdict", result.verdict().name());
        node.put("message", result.message());
        node.put("expected", result.expected());
        node.put("actual", result.actual());
        node.put("failedStep", result.failedStep());
        if (result.seed().isPresent()) {
            node.put("seed", result.seed().getAsLong());
        } else {
            node.putNull("seed");
        }
        putMillis(node, "durationMs", result.duration());
        node.put("baselineReason", result.baselineReason());
        if (result.notApplicable() != Applicability.Cause.NONE) {
            node.put("notApplicable", result.notApplicable().name().toLowerCase(Locale.ROOT));
        }
        ArrayNode transcript = node.putArray("transcript");
        for (TranscriptEntry entry : result.transcript()) {
            transcript.addObject()
                    .put("at", entry.at().toString())
                    .put("direction", entry.direction().name())
                    .put("text", entry.text());
        }
        return node;
    }

    private static void putMillis(ObjectNode node, String field, Duration duration) {
        if (duration == null) {
            node.putNull(field);
            return;
        }
        BigDecimal nanos = new BigDecimal(duration.getSeconds()).movePointRight(9).add(BigDecimal.valueOf(duration.getNano()));
        BigDecimal millis = nanos.movePointLeft(6).stripTrailingZeros();
        node.put(field, millis.scale() < 0 ? millis.setScale(0) : millis);
    }

    /** Turns a parsed document back into a run, naming the path of the first thing it cannot accept. */
    private static final class Reader {

        RunResult run(JsonNode root) {
            object(root, "$");
            JsonNode version = root.get("schemaVersion");
            if (version == null || !version.canConvertToInt() || version.asInt() != SCHEMA_VERSION) {
                throw new ResultsFormatException(
                        "$.schemaVersion: expected " + SCHEMA_VERSION + " but was " + version);
            }
            JsonNode target = object(root.get("target"), "$.target");
            RunResult.TargetInfo info = new RunResult.TargetInfo(
                    nullableText(target, "name", "$.target"),
                    nullableText(target, "command", "$.target"),
                    nullableText(target, "language", "$.target"),
                    nullableText(target, "couchDbVersion", "$.target"),
                    nullableText(target, "profile", "$.target"),
                    nullableText(target, "endpoint", "$.target"));
            JsonNode cases = root.get("cases");
            if (cases == null || !cases.isArray()) {
                throw new ResultsFormatException("$.cases: expected an array");
            }
            List<CaseResult> results = new ArrayList<>();
            for (int i = 0; i < cases.size(); i++) {
                results.add(caseResult(cases.get(i), "$.cases[" + i + "]"));
            }
            return new RunResult(
                    text(root, "runId", "$"),
                    nullableText(root, "kitVersion", "$"),
                    info,
                    instant(root.get("started"), "$.started"),
                    duration(root.get("durationMs"), "$.durationMs"),
                    results,
                    outages(root.get("outages")),
                    nullableText(root, "unfinished", "$"));
        }

        private List<EndpointOutage> outages(JsonNode node) {
            if (node == null || node.isNull()) {
                return List.of();
            }
            if (!node.isArray()) {
                throw new ResultsFormatException("$.outages: expected an array");
            }
            List<EndpointOutage> outages = new ArrayList<>();
            for (int i = 0; i < node.size(); i++) {
                String path = "$.outages[" + i + "]";
                JsonNode outage = object(node.get(i), path);
                JsonNode number = outage.get("number");
                if (number == null || !number.isInt()) {
                    throw new ResultsFormatException(path + ".number: expected an integer");
                }
                outages.add(new EndpointOutage(number.asInt(), instant(outage.get("at"), path + ".at"),
                        text(outage, "what", path), text(outage, "lastWords", path),
                        strings(outage.get("inFlight"), path + ".inFlight"),
                        strings(outage.get("causes"), path + ".causes"), text(outage, "finding", path)));
            }
            return outages;
        }

        private static List<String> strings(JsonNode node, String path) {
            if (node == null || !node.isArray()) {
                throw new ResultsFormatException(path + ": expected an array");
            }
            List<String> strings = new ArrayList<>();
            for (int j = 0; j < node.size(); j++) {
                if (!node.get(j).isTextual()) {
                    throw new ResultsFormatException(path + "[" + j + "]: expected a string");
                }
                strings.add(node.get(j).textValue());
            }
            return strings;
        }

        private CaseResult caseResult(JsonNode node, String path) {
            object(node, path);
            String levelName = nullableText(node, "level", path);
            JsonNode seed = node.get("seed");
            OptionalLong seedValue;
            if (seed == null || seed.isNull()) {
                seedValue = OptionalLong.empty();
            } else if (seed.isIntegralNumber() && seed.canConvertToLong()) {
                seedValue = OptionalLong.of(seed.asLong());
            } else {
                throw new ResultsFormatException(path + ".seed: expected an integer or null");
            }
            JsonNode step = node.get("failedStep");
            if (step == null || !step.isInt()) {
                throw new ResultsFormatException(path + ".failedStep: expected an integer");
            }
            return new CaseResult(
                    text(node, "id", path),
                    nullableText(node, "section", path),
                    levelName == null ? null : constant(Level.class, levelName, path + ".level"),
                    text(node, "description", path),
                    text(node, "spec", path),
                    constant(Verdict.class, text(node, "verdict", path), path + ".verdict"),
                    text(node, "message", path),
                    text(node, "expected", path),
                    text(node, "actual", path),
                    step.asInt(),
                    transcript(node.get("transcript"), path + ".transcript"),
                    seedValue,
                    duration(node.get("durationMs"), path + ".durationMs"),
                    text(node, "baselineReason", path),
                    notApplicable(node, path));
        }

        private Applicability.Cause notApplicable(JsonNode node, String path) {
            String cause = nullableText(node, "notApplicable", path);
            return cause == null ? Applicability.Cause.NONE
                    : constant(Applicability.Cause.class, cause.toUpperCase(Locale.ROOT), path + ".notApplicable");
        }

        private List<TranscriptEntry> transcript(JsonNode node, String path) {
            if (node == null || !node.isArray()) {
                throw new ResultsFormatException(path + ": expected an array");
            }
            List<TranscriptEntry> entries = new ArrayList<>(node.size());
            for (int i = 0; i < node.size(); i++) {
                String entryPath = path + "[" + i + "]";
                JsonNode entry = object(node.get(i), entryPath);
                entries.add(new TranscriptEntry(
                        instant(entry.get("at"), entryPath + ".at"),
                        constant(Direction.class, text(entry, "direction", entryPath), entryPath + ".direction"),
                        text(entry, "text", entryPath)));
            }
            return entries;
        }

        private static JsonNode object(JsonNode node, String path) {
            if (node == null || !node.isObject()) {
                throw new ResultsFormatException(path + ": expected an object");
            }
            return node;
        }

        private static String text(JsonNode parent, String field, String path) {
            JsonNode node = parent.get(field);
            if (node == null || !node.isTextual()) {
                throw new ResultsFormatException(path + "." + field + ": expected a string");
            }
            return node.textValue();
        }

        private static String nullableText(JsonNode parent, String field, String path) {
            JsonNode node = parent.get(field);
            if (node == null || node.isNull()) {
                return null;
            }
            return text(parent, field, path);
        }

        private static Instant instant(JsonNode node, String path) {
            if (node == null || !node.isTextual()) {
                throw new ResultsFormatException(path + ": expected an ISO-8601 instant");
            }
            try {
                return Instant.parse(node.textValue());
            } catch (DateTimeParseException e) {
                throw new ResultsFormatException(path + ": not an ISO-8601 instant: " + node.textValue(), e);
            }
        }

        private static Duration duration(JsonNode node, String path) {
            if (node == null || node.isNull()) {
                return null;
            }
            if (!node.isNumber()) {
                throw new ResultsFormatException(path + ": expected milliseconds as a number");
            }
            BigDecimal nanos = node.decimalValue().movePointRight(6);
            try {
                BigDecimal[] secondsAndNanos = nanos.divideAndRemainder(BigDecimal.valueOf(1_000_000_000L));
                return Duration.ofSeconds(secondsAndNanos[0].longValueExact(), secondsAndNanos[1].longValue());
            } catch (ArithmeticException e) {
                throw new ResultsFormatException(path + ": out of range: " + node.asText(), e);
            }
        }

        private static <E extends Enum<E>> E constant(Class<E> type, String name, String path) {
            try {
                return Enum.valueOf(type, name);
            } catch (IllegalArgumentException e) {
                throw new ResultsFormatException(path + ": unknown " + type.getSimpleName() + " " + name, e);
            }
        }
    }
}
