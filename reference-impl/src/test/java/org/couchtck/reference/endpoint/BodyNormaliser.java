package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites response bodies, CouchDB's and the reference's alike, so that what NONDETERMINISM.md says differs on every
 * run compares equal: an update sequence keeps only its numeric prefix (or nothing, for the server-wide sequences of
 * {@code /_db_updates}, whose numbers depend on everything the recording server did before); the db's
 * {@code instance_start_time} and {@code sizes}, and the revisions and password hashes of {@code _users} documents,
 * keep only their presence.
 */
final class BodyNormaliser {

    /** {@code N-<opaque>}: a seq as CouchDB writes it ({@code 3-g1AAAA...}), or as the reference does. */
    static final Pattern SEQ_TOKEN =
            Pattern.compile("(?<![A-Za-z0-9_-])(\\d+)-([A-Za-z0-9_-]{16,})(?![A-Za-z0-9_-])");
    /** A revision's hash part, which a seq's opaque part never is. */
    private static final Pattern REV_HASH = Pattern.compile("[0-9a-f]{32}");
    private static final Set<String> ALWAYS_IGNORED = Set.of("instance_start_time", "sizes");
    private static final Set<String> USERS_DOC_IGNORED = Set.of("_rev", "rev", "salt", "derived_key");
    static final String IGNORED = "(ignored)";

    private final boolean keepSeqNumbers;
    private final boolean usersDocument;

    /**
     * @param keepSeqNumbers false for /_db_updates, whose sequence numbers are server-wide
     * @param usersDocument whether the body is about a {@code _users} document
     */
    BodyNormaliser(boolean keepSeqNumbers, boolean usersDocument) {
        this.keepSeqNumbers = keepSeqNumbers;
        this.usersDocument = usersDocument;
    }

    /** Whether a whole string is an update sequence. */
    static boolean isSeq(String text) {
        Matcher m = SEQ_TOKEN.matcher(text);
        return m.matches() && !REV_HASH.matcher(m.group(2)).matches();
    }

    /** The text with every seq in it reduced. */
    String text(String text) {
        Matcher m = SEQ_TOKEN.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String replacement = REV_HASH.matcher(m.group(2)).matches() ? m.group() : seq(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** A normalised deep copy. */
    JsonNode json(JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isTextual() && isSeq(node.asText())) {
            return TextNode.valueOf(seq(node.asText().substring(0, node.asText().indexOf('-'))));
        }
        if (node.isObject()) {
            ObjectNode out = ((ObjectNode) node).objectNode();
            node.fields().forEachRemaining(f -> {
                boolean ignored = ALWAYS_IGNORED.contains(f.getKey())
                        || (usersDocument && USERS_DOC_IGNORED.contains(f.getKey()));
                out.set(f.getKey(), ignored ? TextNode.valueOf(IGNORED) : json(f.getValue()));
            });
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = ((ArrayNode) node).arrayNode();
            node.forEach(n -> out.add(json(n)));
            return out;
        }
        return node;
    }

    private String seq(String number) {
        return keepSeqNumbers ? number + "-(seq)" : "(seq)";
    }
}
