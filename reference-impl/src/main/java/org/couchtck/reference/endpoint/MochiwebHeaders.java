package org.couchtck.reference.endpoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Header lists as CouchDB's mochiweb holds them ({@code mochiweb_headers}): one entry per name, compared without case,
 * spelled as it first came, repeated values joined with {@code ", "} (Set-Cookie excepted: each stays its own entry),
 * listed in the order of the lower-case names. A request's names are first spelled as Erlang's HTTP packet parser
 * ({@code erlang:decode_packet}) hands them over: up to 20 characters long, a capital first and after each hyphen, the
 * rest in lower case ({@code x-couch-request-id} becomes {@code X-Couch-Request-Id}); longer ones as sent.
 */
final class MochiwebHeaders {

    /** decode_packet's HTTP_MAX_NAME_LEN: longer names escape its normalisation. */
    private static final int NORMALISED_LENGTH = 20;

    private MochiwebHeaders() {}

    /** A request's headers as {@code mochiweb_headers:to_list(MochiReq:get(headers))} lists them. */
    static List<Map.Entry<String, String>> ofRequest(List<Map.Entry<String, String>> fields) {
        List<Map.Entry<String, String>> named = new ArrayList<>();
        for (Map.Entry<String, String> field : fields) {
            named.add(Map.entry(packetName(field.getKey()), field.getValue()));
        }
        return merged(named);
    }

    /** Headers as {@code mochiweb_headers:make} keeps them: merged by name, in name order, names as first spelled. */
    static List<Map.Entry<String, String>> merged(List<Map.Entry<String, String>> fields) {
        Map<String, Map.Entry<String, List<String>>> byName = new TreeMap<>();
        for (Map.Entry<String, String> field : fields) {
            byName.computeIfAbsent(field.getKey().toLowerCase(Locale.ROOT),
                    k -> Map.entry(field.getKey(), new ArrayList<>())).getValue().add(field.getValue());
        }
        List<Map.Entry<String, String>> out = new ArrayList<>();
        byName.forEach((lower, entry) -> {
            if (lower.equals("set-cookie")) {
                entry.getValue().forEach(v -> out.add(Map.entry(entry.getKey(), v)));
            } else {
                out.add(Map.entry(entry.getKey(), String.join(", ", entry.getValue())));
            }
        });
        return out;
    }

    /** A header name as decode_packet spells it. */
    static String packetName(String name) {
        if (name.length() > NORMALISED_LENGTH) {
            return name;
        }
        StringBuilder out = new StringBuilder(name.length());
        boolean upper = true;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (upper) {
                out.append(Character.toUpperCase(c));
                upper = false;
            } else {
                char lower = Character.toLowerCase(c);
                out.append(lower);
                upper = lower == '-';
            }
        }
        return out.toString();
    }
}
