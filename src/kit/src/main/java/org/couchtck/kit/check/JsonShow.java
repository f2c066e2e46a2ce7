package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** Short renderings of JSON values for mismatch messages. */
final class JsonShow {

    private static final int MAX_LENGTH = 80;

    private JsonShow() {
    }

    /** The value as compact JSON, cut to a readable length. */
    static String brief(JsonNode node) {
        String text = node.toString();
        return text.length() <= MAX_LENGTH ? text : text.substring(0, MAX_LENGTH - 3) + "...";
    }

    /** Like {@link #brief(JsonNode)}, with "no reply" for an absent value. */
    static String brief(Optional<JsonNode> node) {
        return node.map(JsonShow::brief).orElse("no reply");
    }
}
