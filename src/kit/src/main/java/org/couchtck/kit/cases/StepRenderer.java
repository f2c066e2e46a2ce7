package org.couchtck.kit.cases;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The exact line a step sends to a target, shaped for the target's CouchDB version and language
 * (fixtures/README.md, "Step").
 */
public final class StepRenderer {

    /** From this version on, reset carries reduce_limit_threshold and reduce_limit_ratio. */
    static final CouchDbVersion RESET_THRESHOLDS_SINCE = new CouchDbVersion(3, 5, 1);
    /** From this version on, reduce and rereduce carry a fourth element: the view context. */
    static final CouchDbVersion REDUCE_CONTEXT_SINCE = new CouchDbVersion(3, 5, 2);

    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

    private final TargetProfile profile;

    /** A renderer for {@code profile}'s language and CouchDB version. */
    public StepRenderer(TargetProfile profile) {
        this.profile = Objects.requireNonNull(profile, "profile");
    }

    /**
     * The line {@code step} sends, without the trailing newline; empty for CLOSE.
     *
     * @throws IllegalArgumentException when a function of the step has no source in the profile's language (the
     *     case is not applicable; see {@link TargetProfile#applicability(Case)})
     */
    public Optional<String> line(Step step) {
        return switch (step.kind()) {
            case SEND -> Optional.of(WireText.compact(inTargetLanguage(substitute(step.payload()))));
            case RAW -> Optional.of(raw(step.payload()));
            case RESET -> Optional.of(WireText.compact(NODES.arrayNode().add("reset")
                    .add(resetConfig(step.payload()))));
            case REDUCE -> Optional.of(reduction("reduce", "kvs", step.payload()));
            case REREDUCE -> Optional.of(reduction("rereduce", "values", step.payload()));
            case CLOSE -> Optional.empty();
        };
    }

    private JsonNode substitute(JsonNode value) {
        return FunctionSources.substitute(value, profile.language(), profile.functions());
    }

    /**
     * The message with the design document of a {@code ["ddoc", "new", id, ddoc]} saying the target's language, as
     * CouchDB's design documents for that server would: its functions are the target language's sources.
     */
    private JsonNode inTargetLanguage(JsonNode message) {
        if (message.isArray() && message.size() == 4 && "ddoc".equals(message.get(0).asText())
                && "new".equals(message.get(1).asText()) && message.get(3).isObject()
                && message.get(3).path("language").isTextual()) {
            ((ObjectNode) message.get(3)).put("language", profile.language());
        }
        return message;
    }

    /** The raw text with each {@code {{name}}} replaced by the compact JSON of its insert value. */
    private String raw(JsonNode payload) {
        JsonNode insert = payload.get("insert");
        return FixtureParser.PLACEHOLDER.matcher(payload.get("raw").textValue()).replaceAll(
                m -> java.util.regex.Matcher.quoteReplacement(WireText.compact(substitute(insert.get(m.group(1))))));
    }

    /** The reset CouchDB sends when it checks a process out of its pool, shaped for the profile's version. */
    public String resetLine() {
        return WireText.compact(NODES.arrayNode().add("reset").add(resetConfig(NODES.objectNode())));
    }

    /** The config CouchDB sends with reset for the profile's version, with the step's overrides applied. */
    private ObjectNode resetConfig(JsonNode overrides) {
        ObjectNode config = NODES.objectNode().put("reduce_limit", true);
        if (profile.couchDbVersion().atLeast(RESET_THRESHOLDS_SINCE)) {
            config.put("reduce_limit_threshold", 5000);
            config.put("reduce_limit_ratio", new BigDecimal("2.0"));
        }
        config.put("timeout", 5000);
        for (Iterator<Map.Entry<String, JsonNode>> it = overrides.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> override = it.next();
            if (override.getValue().isNull()) {
                config.remove(override.getKey());
            } else {
                config.set(override.getKey(), override.getValue());
            }
        }
        return config;
    }

    private String reduction(String command, String rowsField, JsonNode spec) {
        JsonNode resolved = substitute(spec);
        ArrayNode message = NODES.arrayNode().add(command);
        message.add(resolved.path("funs"));
        message.add(resolved.path(rowsField));
        if (profile.couchDbVersion().atLeast(REDUCE_CONTEXT_SINCE)) {
            JsonNode context = resolved.get("context");
            message.add(context == null ? NODES.textNode("") : context);
        }
        return WireText.compact(message);
    }
}
