package org.couchtck.kit.daemons;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.couchtck.kit.cases.FixtureReader;
import org.couchtck.kit.cases.Level;

/**
 * Reads one daemon fixture file ({@code fixtures/daemon/<section>.json}) into cases, as strictly as the other corpora:
 * unknown fields, wrong types, unknown checks and bad session settings are {@link org.couchtck.kit.cases.FixtureException}s
 * naming file, case id and JSON pointer.
 */
final class DaemonFixtureParser {

    /** A case as read, with its JSON pointer in the file. */
    record Loaded(DaemonCase testCase, String pointer) {}

    /** The longest reply delay a session may ask for: a case that waits longer is a mistake. */
    static final long MAX_REPLY_DELAY_MILLIS = 10_000;

    private static final Set<String> FILE_FIELDS = Set.of("section", "spec", "cases");
    private static final Set<String> CASE_FIELDS = Set.of("id", "level", "description", "spec", "note", "session",
            "check");
    private static final Set<String> SESSION_FIELDS = Set.of("config", "replyDelay", "ini");

    private final FixtureReader reader;

    DaemonFixtureParser(String file) {
        this.reader = new FixtureReader(file);
    }

    /** The cases of the file, in file order. */
    List<Loaded> parse(String text) {
        return reader.sectionedCases(text, FILE_FIELDS, this::parseCase, Loaded::new);
    }

    private DaemonCase parseCase(JsonNode node, String at, String section, String fileSpec) {
        String id = reader.caseId(node, at, "daemon", section);
        reader.onlyFields(node, at, CASE_FIELDS);
        Level level = reader.level(node, at);
        String description = reader.description(node, at);
        String spec = reader.spec(node, at, fileSpec);
        String note = reader.optionalText(node, at, "note").orElse("");
        SessionSpec session = node.has("session") ? session(node.get("session"), at + "/session")
                : SessionSpec.standard();
        DaemonCheck check;
        try {
            check = DaemonCheck.parse(reader.requiredText(node, at, "check"));
        } catch (IllegalArgumentException e) {
            throw reader.problem(at + "/check", e.getMessage());
        }
        return new DaemonCase(id, section, level, description, spec, note, session, check, reader.file());
    }

    private SessionSpec session(JsonNode node, String at) {
        reader.requireObject(node, at, "session is an object with config, replyDelay and ini");
        reader.onlyFields(node, at, SESSION_FIELDS);
        SessionSpec.ConfigMode mode = SessionSpec.ConfigMode.DEFAULT;
        if (node.has("config")) {
            String text = reader.requiredText(node, at, "config");
            mode = switch (text) {
                case "default" -> SessionSpec.ConfigMode.DEFAULT;
                case "empty" -> SessionSpec.ConfigMode.EMPTY;
                default -> throw reader.problem(at + "/config", "config must be default or empty, got '" + text
                        + "'");
            };
        }
        Duration delay = Duration.ZERO;
        if (node.has("replyDelay")) {
            JsonNode value = node.get("replyDelay");
            if (!value.canConvertToLong() || !value.isIntegralNumber() || value.asLong() < 0
                    || value.asLong() > MAX_REPLY_DELAY_MILLIS) {
                throw reader.problem(at + "/replyDelay", "replyDelay is a whole number of milliseconds from 0 to "
                        + MAX_REPLY_DELAY_MILLIS);
            }
            delay = Duration.ofMillis(value.asLong());
        }
        DaemonConfig ini = DaemonConfig.empty();
        if (node.has("ini")) {
            JsonNode sections = node.get("ini");
            reader.requireObject(sections, at + "/ini", "ini is an object of sections, each an object of strings");
            for (Iterator<Map.Entry<String, JsonNode>> it = sections.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = it.next();
                String where = at + "/ini/" + FixtureReader.escape(entry.getKey());
                reader.requireObject(entry.getValue(), where, "a section is an object of strings");
                for (Iterator<Map.Entry<String, JsonNode>> values = entry.getValue().fields(); values.hasNext(); ) {
                    Map.Entry<String, JsonNode> value = values.next();
                    if (!value.getValue().isTextual()) {
                        throw reader.problem(where + "/" + FixtureReader.escape(value.getKey()),
                                "a configuration value is a string");
                    }
                    ini = ini.with(entry.getKey(), value.getKey(), value.getValue().textValue());
                }
            }
        }
        return new SessionSpec(mode, delay, ini);
    }
}
