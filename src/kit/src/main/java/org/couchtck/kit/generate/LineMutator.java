package org.couchtck.kit.generate;

import java.util.List;

/**
 * Generates the lines a robust server must survive: valid commands cut short, arguments of the wrong type, unknown
 * commands, huge values and stray bytes. The target must answer each or exit; it must never hang.
 */
public final class LineMutator {

    private static final List<String> VALID = List.of(
            "[\"reset\",{\"reduce_limit\":true,\"timeout\":5000}]",
            "[\"add_fun\",\"function(doc) { emit(doc._id, 1); }\"]",
            "[\"map_doc\",{\"_id\":\"d\",\"v\":[1,2.5,\"x\"]}]",
            "[\"reduce\",[\"function(k, v) { return v.length; }\"],[[[\"a\",\"d\"],1]]]",
            "[\"rereduce\",[\"function(k, v) { return sum(v); }\"],[1,2]]",
            "[\"add_lib\",{\"lib\":{\"m\":\"exports.value = 1;\"}}]",
            "[\"ddoc\",\"new\",\"_design/d\",{\"_id\":\"_design/d\"}]");

    private static final List<String> WRONG_TYPES = List.of(
            "[\"map_doc\",\"not a doc\"]", "[\"map_doc\"]", "[\"add_fun\",42]", "[\"add_fun\",\"not a function\"]",
            "[\"reduce\",{},1]", "[\"reduce\",[\"function(){}\"],\"rows\"]", "[\"rereduce\",\"x\",null]",
            "[\"reset\",[]]", "[\"reset\",\"x\"]", "[\"add_lib\",7]", "[\"ddoc\",\"new\"]", "[\"ddoc\",42,[],[]]",
            "[\"map_doc\",{\"_id\":\"d\"},{\"extra\":1}]");

    private static final List<String> UNKNOWN = List.of(
            "[\"frobnicate\"]", "[]", "[42]", "[null,1]", "{}", "\"map_doc\"", "null", "true", "[\"MAP_DOC\",{}]",
            "[\"map_doc \",{}]", "[[\"map_doc\"],{}]");

    private static final List<String> STRAY = List.of("{", "]", "\"", "\\", ",", "\u0000", "\uFFFD", " ", "\r");

    private LineMutator() {}

    /** One line to survive; choices at 0 give a valid command cut after its first character. */
    public static String line(Choices choices) {
        return switch ((int) choices.draw(4)) {
            case 0 -> truncated(choices);
            case 1 -> choices.pick(WRONG_TYPES);
            case 2 -> choices.pick(UNKNOWN);
            case 3 -> huge(choices);
            default -> stray(choices);
        };
    }

    private static String truncated(Choices choices) {
        String valid = choices.pick(VALID);
        return valid.substring(0, 1 + (int) choices.draw(valid.length() - 2L));
    }

    private static String stray(Choices choices) {
        String valid = choices.pick(VALID);
        int at = (int) choices.draw(valid.length() - 1L);
        return valid.substring(0, at) + choices.pick(STRAY) + valid.substring(at + 1);
    }

    private static String huge(Choices choices) {
        int size = choices.between(1, 4) * 250_000;
        return switch ((int) choices.draw(3)) {
            case 0 -> "[\"map_doc\",{\"_id\":\"h\",\"v\":\"" + "x".repeat(size) + "\"}]";
            case 1 -> "[\"map_doc\",{\"_id\":\"h\",\"v\":" + "9".repeat(size / 10) + "}]";
            case 2 -> "[\"map_doc\",{\"_id\":\"h\",\"v\":" + "[".repeat(size / 100) + "]".repeat(size / 100) + "}]";
            default -> "[\"reduce\",[\"function(k, v) { return v.length; }\"],[" + "[[\"a\",\"d\"],1],".repeat(
                    size / 20) + "[[\"a\",\"d\"],1]]]";
        };
    }
}
