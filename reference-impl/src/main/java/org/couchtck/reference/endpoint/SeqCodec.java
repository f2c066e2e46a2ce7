package org.couchtck.reference.endpoint;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.OptionalLong;

/**
 * Update sequences as the endpoint shows them: {@code <n>-<opaque>} like CouchDB's, where the opaque part names the
 * database incarnation. Clients must treat them as opaque; the numeric prefix is what CouchDB keeps stable too.
 */
final class SeqCodec {

    private static final String PREFIX = "couchtck:";

    private SeqCodec() {}

    static String encode(String dbUuid, long n) {
        String opaque = Base64.getUrlEncoder().withoutPadding()
                .encodeToString((PREFIX + dbUuid).getBytes(StandardCharsets.UTF_8));
        return n + "-" + opaque;
    }

    /** Sequence {@code n} of {@code db} as the JSON string the feeds show. */
    static com.fasterxml.jackson.databind.node.TextNode json(org.couchtck.reference.store.Database db, long n) {
        return com.fasterxml.jackson.databind.node.TextNode.valueOf(encode(db.uuid(), n));
    }

    /**
     * Reads a {@code since} value: a sequence this endpoint issued, a bare number, or {@code 0}. Empty when it is
     * none of them ({@code now} is the caller's business).
     */
    static OptionalLong decode(String text) {
        int dash = text.indexOf('-');
        String number = dash < 0 ? text : text.substring(0, dash);
        if (number.isEmpty() || !number.chars().allMatch(Character::isDigit) || number.length() > 18) {
            return OptionalLong.empty();
        }
        if (dash >= 0) {
            try {
                String opaque = new String(Base64.getUrlDecoder().decode(text.substring(dash + 1)),
                        StandardCharsets.UTF_8);
                if (!opaque.startsWith(PREFIX)) {
                    return OptionalLong.empty();
                }
            } catch (IllegalArgumentException e) {
                return OptionalLong.empty();
            }
        }
        return OptionalLong.of(Long.parseLong(number));
    }
}
