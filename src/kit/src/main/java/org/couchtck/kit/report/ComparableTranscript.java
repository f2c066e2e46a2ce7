package org.couchtck.kit.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.TranscriptEntry;

/**
 * What the kit sent and what the target replied in one case, with what differs between two runs of the same target
 * taken out: timestamps, and in HTTP cases the endpoint's address, the run's database names, headers, generated
 * document ids, and sequence values. Two runs of an unchanged target give equal transcripts; a changed error text or
 * a new field does not.
 *
 * @param sent the requests, normalised, in order
 * @param replies the replies, normalised (JSON where they parse), in order
 */
record ComparableTranscript(List<String> sent, List<JsonNode> replies) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern HTTP_CASE = Pattern.compile(
            "^case \\S+ against (\\S+?)(?:, databases \\{(.*?)})?(?:, users \\{(.*)})?$");
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{32}");
    private static final Pattern UUID_IN_TEXT = Pattern.compile("\\b[0-9a-f]{32}\\b");
    private static final Pattern STATUS_LINE = Pattern.compile("\\d{3}(\n|$)");
    /** A database name the kit made for a case: this case's are replaced by their role before this is looked for. */
    private static final Pattern OTHER_DATABASE = Pattern.compile("couchtck-[a-z0-9]+-\\d+-");
    /** An opaque update sequence, as CouchDB and the reference write them (a number, a dash, a long token). */
    private static final Pattern SEQUENCE = Pattern.compile("\\b\\d+-[A-Za-z0-9_-]{40,}");
    /** Fields whose values are the state of background work at the moment of the request, or made up anew. */
    private static final Set<String> VOLATILE_FIELDS = Set.of("since", "instance_start_time",
            "uuid", "updater_running", "compact_running", "waiting_clients", "waiting_commit", "updates_pending",
            "pending", "started_on", "updated_on", "pid", "changes_done", "progress", "total_changes",
            // a _users password's key, derived with a salt made up anew each time (the salt itself is a uuid)
            "derived_key", "password_sha");
    private static final Pattern TRUNCATED = Pattern.compile(" ?…\\[\\d+ more chars]$");
    private static final int TRUNCATED_PREFIX = 32_768;
    /** Response headers whose values belong to one run (times, request ids) or repeat what the body says. */
    private static final Pattern KEPT_HEADER = Pattern.compile("(?i)content-type|cache-control|transfer-encoding");

    static ComparableTranscript of(CaseResult result) {
        List<TranscriptEntry> transcript = result.transcript();
        Map<String, String> runTokens = httpRunTokens(transcript);
        boolean http = result.caseId().startsWith("http.");
        List<String> sent = new ArrayList<>();
        List<JsonNode> replies = new ArrayList<>();
        List<JsonNode> feedLines = new ArrayList<>();
        for (TranscriptEntry entry : transcript) {
            if (entry.direction() == Direction.SENT) {
                sent.add(http ? maskedText(httpRequest(replaceAll(entry.text(), runTokens))) : entry.text());
            } else if (entry.direction() == Direction.RECEIVED && !http) {
                replies.add(parsed(entry.text()));
            } else if (entry.direction() == Direction.RECEIVED) {
                String text = replaceAll(entry.text(), runTokens);
                if (STATUS_LINE.matcher(text).lookingAt()) {
                    replies.add(httpResponse(text));
                } else {
                    feedLines(text, feedLines);
                }
            }
        }
        // A feed's lines interleave with the case's other requests as timing has it: they are compared in their own
        // order, after the responses.
        if (!feedLines.isEmpty()) {
            replies.add(JSON.createObjectNode().set("feed", JSON.valueToTree(feedLines)));
        }
        return new ComparableTranscript(List.copyOf(sent), List.copyOf(replies));
    }

    /**
     * The lines of a feed chunk that say something: not heartbeats or blank keep-alives, and not events of other
     * cases' databases (a global feed such as /_db_updates carries every case's events, as concurrency has it).
     */
    private static void feedLines(String chunk, List<JsonNode> lines) {
        for (String line : chunk.split("\n")) {
            String content = line.startsWith("data:") ? line.substring(5).strip() : line.strip();
            if (content.isEmpty() || line.startsWith("event:") || line.startsWith("id:")
                    || OTHER_DATABASE.matcher(content).find()) {
                continue;
            }
            lines.add(masked(parsed(content), null));
        }
    }

    /**
     * The endpoint's address and the case's database and user names, from the line the HTTP executor starts a case
     * with.
     */
    private static Map<String, String> httpRunTokens(List<TranscriptEntry> transcript) {
        Map<String, String> tokens = new LinkedHashMap<>();
        for (TranscriptEntry entry : transcript) {
            if (entry.direction() != Direction.EVENT) {
                continue;
            }
            Matcher matcher = HTTP_CASE.matcher(entry.text());
            if (matcher.matches()) {
                tokens.put(matcher.group(1), "{{endpoint}}");
                // The users a case makes are named per run like its databases.
                String names = (matcher.group(2) == null ? "" : matcher.group(2)) + ","
                        + (matcher.group(3) == null ? "" : matcher.group(3));
                for (String binding : names.split(",\\s*")) {
                    int eq = binding.indexOf('=');
                    if (eq > 0) {
                        tokens.put(binding.substring(eq + 1).strip(), "{{" + binding.substring(0, eq).strip() + "}}");
                    }
                }
                break;
            }
        }
        return tokens;
    }

    private static String replaceAll(String text, Map<String, String> tokens) {
        String out = text;
        // Longest first: one database's name may begin another's.
        List<Map.Entry<String, String>> longestFirst = new ArrayList<>(tokens.entrySet());
        longestFirst.sort((a, b) -> b.getKey().length() - a.getKey().length());
        for (Map.Entry<String, String> token : longestFirst) {
            out = out.replace(token.getKey(), token.getValue());
        }
        return out;
    }

    /** The request line and body; the headers are the kit's own. */
    private static String httpRequest(String text) {
        int blank = text.indexOf("\n\n");
        String firstLine = text.lines().findFirst().orElse("");
        return blank < 0 ? firstLine : firstLine + "\n" + text.substring(blank + 2);
    }

    /** {"status": ..., "headers": {kept ones}, "body": [each line of the body, as JSON where it parses]}. */
    private static JsonNode httpResponse(String text) {
        ObjectNode reply = JSON.createObjectNode();
        List<String> lines = text.lines().toList();
        reply.put("status", lines.isEmpty() ? "" : lines.get(0).strip());
        ObjectNode headers = reply.putObject("headers");
        int i = 1;
        for (; i < lines.size() && !lines.get(i).isEmpty(); i++) {
            String line = lines.get(i);
            int colon = line.indexOf(':');
            if (colon > 0 && KEPT_HEADER.matcher(line.substring(0, colon)).matches()) {
                headers.put(line.substring(0, colon).toLowerCase(Locale.ROOT), line.substring(colon + 1).strip());
            }
        }
        ArrayNode body = reply.putArray("body");
        for (i++; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher cut = TRUNCATED.matcher(line);
            if (cut.find()) {
                // The transcript cut this body where the entry reached its cap, which moves with the length of the
                // headers: keep a prefix both runs have whole.
                line = line.substring(0, Math.min(cut.start(), TRUNCATED_PREFIX));
            }
            if (!line.isBlank()) {
                body.add(masked(parsed(line), null));
            }
        }
        return reply;
    }

    /** Generated ids and sequences in text: request paths and bodies that echo them, bodies cut short. */
    private static String maskedText(String text) {
        return SEQUENCE.matcher(UUID_IN_TEXT.matcher(text).replaceAll("<uuid>")).replaceAll("<seq>");
    }

    private static JsonNode parsed(String line) {
        try {
            return JSON.readTree(line);
        } catch (JsonProcessingException e) {
            return TextNode.valueOf(line);
        }
    }

    /** Values a server makes up anew each run: generated ids, sequences, start times, server uuids. */
    private static JsonNode masked(JsonNode node, String key) {
        if (node == null) {
            return TextNode.valueOf("");
        }
        if (node.isObject()) {
            ObjectNode copy = JSON.createObjectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> field = it.next();
                copy.set(field.getKey(), masked(field.getValue(), field.getKey()));
            }
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = JSON.createArrayNode();
            for (JsonNode element : node) {
                // Lists of databases (_all_dbs) hold every case's that exists at that moment: only this case's count.
                if (!(element.isTextual() && OTHER_DATABASE.matcher(element.asText()).lookingAt())) {
                    copy.add(masked(element, key));
                }
            }
            return copy;
        }
        if (key != null && (key.endsWith("seq") || VOLATILE_FIELDS.contains(key))) {
            return TextNode.valueOf("<" + key + ">");
        }
        if (node.isTextual()) {
            String text = node.asText();
            if (UUID.matcher(text).matches()) {
                return TextNode.valueOf("<uuid>");
            }
            if (OTHER_DATABASE.matcher(text).lookingAt()) {
                return TextNode.valueOf("<other case's database>");
            }
            // A body too long for the transcript is cut and no longer parses: mask what it holds as text.
            String masked = maskedText(text);
            return masked.equals(text) ? node : TextNode.valueOf(masked);
        }
        return node;
    }
}
