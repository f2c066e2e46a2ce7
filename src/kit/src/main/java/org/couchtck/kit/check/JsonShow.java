package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** Short renderings of JSON values for mismatch messages. */
final class JsonShow {

    private static final int MAX_LENGTH = 80;

    private JsonShow() {
    }

    /**
     * The value as compact JSON, cut to a readable length. A cut value first says what it is in full (an array's
     * element count, an object's member count, its length), so that a long backtrace in a fourth element cannot
     * hide that there was a fourth element; the whole value stays in the transcript.
     */
    static String brief(JsonNode node) {
        String text = node.toString();
        if (text.length() <= MAX_LENGTH) {
            return text;
        }
        return "(" + shape(node) + ", " + text.length() + " characters in all) " + text.substring(0, MAX_LENGTH - 3)
                + "...";
    }

    /** Like {@link #brief(JsonNode)}, with "no reply" for an absent value. */
    static String brief(Optional<JsonNode> node) {
        return node.map(JsonShow::brief).orElse("no reply");
    }

    private static String shape(JsonNode node) {
        if (node.isArray()) {
            return "an array of " + node.size() + (node.size() == 1 ? " element" : " elements");
        }
        if (node.isObject()) {
            return "an object of " + node.size() + (node.size() == 1 ? " member" : " members");
        }
        return node.isTextual() ? "a string" : "a value";
    }
}
