package org.couchtck.reference.mango;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A dotted field name ({@code a.b.0.c}, {@code a\.b} for a member named {@code a.b}) and the lookup of it in a
 * document, as {@code mango_util:parse_field/1} and {@code mango_doc:get_field/2} do. A missing member is
 * {@link #NOT_FOUND}; a path that runs into a scalar, or into an array with something other than an index in range,
 * is {@link #BAD_PATH}: only the first lets {@code $exists: false} match.
 */
final class FieldPath {

    /** No member of that name on the way. */
    static final JsonNode NOT_FOUND = com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    /** The path cannot be followed. A distinct instance, told apart by identity. */
    static final JsonNode BAD_PATH = new com.fasterxml.jackson.databind.node.TextNode("bad_path");

    private static final Pattern PLAIN_DOT = Pattern.compile("\\.");
    private static final Pattern UNESCAPED_DOT = Pattern.compile("(?<!\\\\)\\.");
    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");

    private FieldPath() {}

    /** The member names of {@code field}; an empty one is a crash while matching, as in CouchDB. */
    static List<String> parse(String field) {
        boolean escaped = field.indexOf('\\') >= 0;
        List<String> raw = Arrays.asList((escaped ? UNESCAPED_DOT : PLAIN_DOT).split(field, -1));
        if (raw.contains("")) {
            throw MangoException.crashed("{{mango_error,mango_util,{invalid_field_name,<<\"" + field + "\">>}},nil,[]}");
        }
        if (!escaped) {
            return raw;
        }
        // every backslash goes, not only those before dots, as mango_util's re:replace does
        List<String> parts = new ArrayList<>();
        raw.forEach(p -> parts.add(p.replace("\\", "")));
        return parts;
    }

    /** The value at {@code path} in {@code value}, or {@link #NOT_FOUND} or {@link #BAD_PATH}. */
    static JsonNode get(JsonNode value, List<String> path) {
        JsonNode at = value;
        for (String name : path) {
            if (at.isObject()) {
                at = at.get(name);
                if (at == null) {
                    return NOT_FOUND;
                }
            } else if (at.isArray()) {
                if (!INTEGER.matcher(name).matches()) {
                    return BAD_PATH;
                }
                BigInteger pos = new BigInteger(name.startsWith("+") ? name.substring(1) : name);
                if (pos.signum() < 0 || pos.compareTo(BigInteger.valueOf(at.size())) >= 0) {
                    return BAD_PATH;
                }
                at = at.get(pos.intValue());
            } else {
                return BAD_PATH;
            }
        }
        return at;
    }
}
