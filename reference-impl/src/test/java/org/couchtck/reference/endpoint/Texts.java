package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Renders differences for messages: texts escaped, cut short and centred on where they part; JSON values by the
 * path of their first difference.
 */
final class Texts {

    private static final int WIDTH = 160;

    private Texts() {}

    /** The text with CR/LF visible, cut at {@link #WIDTH} characters. */
    static String show(String text) {
        return show(text, WIDTH);
    }

    private static String show(String text, int width) {
        if (text == null) {
            return "(none)";
        }
        String escaped = escape(text);
        return "«" + (escaped.length() <= width ? escaped : escaped.substring(0, width) + "...") + "»";
    }

    /** A stream's chunks with their arrival times, each cut short. */
    static String chunks(List<StreamChunk> chunks) {
        StringBuilder text = new StringBuilder("[");
        for (StreamChunk c : chunks) {
            if (text.length() > 600) {
                text.append(", ...");
                break;
            }
            text.append(text.length() > 1 ? ", " : "").append(c.relMs()).append(" ms ").append(show(c.data(), 48));
        }
        return text.append(']').toString();
    }

    /** Both texts from a little before the first character where they differ. */
    static String difference(String actual, String recorded) {
        int at = 0;
        while (at < actual.length() && at < recorded.length() && actual.charAt(at) == recorded.charAt(at)) {
            at++;
        }
        int from = Math.max(0, at - 40);
        return "at char " + at + ": reference " + show(actual.substring(from)) + ", CouchDB "
                + show(recorded.substring(from));
    }

    private static String escape(String text) {
        return text.replace("\r", "\\r").replace("\n", "\\n");
    }

    /** Where two JSON values first differ, and what each side has there. */
    static String jsonDifference(JsonNode actual, JsonNode recorded) {
        return firstJsonDifference(actual, recorded, "").orElse("equal");
    }

    private static Optional<String> firstJsonDifference(JsonNode actual, JsonNode recorded, String path) {
        if (actual != null && actual.equals(recorded)) {
            return Optional.empty();
        }
        if (actual != null && recorded != null && actual.isObject() && recorded.isObject()) {
            Set<String> keys = new LinkedHashSet<>();
            recorded.fieldNames().forEachRemaining(keys::add);
            actual.fieldNames().forEachRemaining(keys::add);
            for (String key : keys) {
                Optional<String> d = firstJsonDifference(actual.get(key), recorded.get(key), path + "/" + key);
                if (d.isPresent()) {
                    return d;
                }
            }
        }
        if (actual != null && recorded != null && actual.isArray() && recorded.isArray()) {
            for (int i = 0; i < Math.min(actual.size(), recorded.size()); i++) {
                Optional<String> d = firstJsonDifference(actual.get(i), recorded.get(i), path + "/" + i);
                if (d.isPresent()) {
                    return d;
                }
            }
            return Optional.of("at " + path + ": reference " + actual.size() + " items, CouchDB " + recorded.size());
        }
        return Optional.of("at " + (path.isEmpty() ? "/" : path) + ": reference "
                + (actual == null ? "(absent)" : show(actual.toString())) + ", CouchDB "
                + (recorded == null ? "(absent)" : show(recorded.toString())));
    }
}
