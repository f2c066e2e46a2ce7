package org.couchtck.reference.endpoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A Cookie header read as {@code mochiweb_cookies:parse_cookie} reads it (the {@code cookie} field of a 2.2.0 request
 * object): pairs split at {@code ;} or {@code ,}, names up to an RFC 2616 separator, values a token or a quoted string
 * (backslash escapes), a name without {@code =} has the value {@code ""}, and empty names and {@code $}-attributes
 * ({@code $Path}, {@code $Version}) are dropped.
 */
final class MochiwebCookies {

    private MochiwebCookies() {}

    static List<Map.Entry<String, String>> parse(String header) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        int[] pos = {0};
        while (pos[0] < header.length()) {
            skipWhitespace(header, pos);
            String name = token(header, pos);
            skipWhitespace(header, pos);
            String value = "";
            if (pos[0] < header.length() && header.charAt(pos[0]) == '=') {
                pos[0]++;
                skipWhitespace(header, pos);
                value = pos[0] < header.length() && header.charAt(pos[0]) == '"' ? quoted(header, pos) : token(header, pos);
            }
            // past the next separator, skipping whatever else stands before it
            while (pos[0] < header.length() && header.charAt(pos[0]) != ';' && header.charAt(pos[0]) != ',') {
                pos[0]++;
            }
            pos[0]++;
            if (!name.isEmpty() && !name.startsWith("$")) {
                out.add(Map.entry(name, value));
            }
        }
        return out;
    }

    private static String token(String s, int[] pos) {
        int start = pos[0];
        while (pos[0] < s.length() && !separator(s.charAt(pos[0]))) {
            pos[0]++;
        }
        return s.substring(start, pos[0]);
    }

    private static String quoted(String s, int[] pos) {
        StringBuilder out = new StringBuilder();
        pos[0]++;
        while (pos[0] < s.length()) {
            char c = s.charAt(pos[0]++);
            if (c == '"') {
                return out.toString();
            }
            if (c == '\\' && pos[0] < s.length()) {
                c = s.charAt(pos[0]++);
            }
            out.append(c);
        }
        return out.toString();
    }

    private static void skipWhitespace(String s, int[] pos) {
        while (pos[0] < s.length() && " \t\r\n".indexOf(s.charAt(pos[0])) >= 0) {
            pos[0]++;
        }
    }

    private static boolean separator(char c) {
        return c < 32 || " \t()<>@,;:\\\"/[]?={}".indexOf(c) >= 0;
    }
}
