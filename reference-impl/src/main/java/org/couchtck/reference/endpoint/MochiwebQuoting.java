package org.couchtck.reference.endpoint;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * mochiweb_util's {@code quote_plus} and {@code urlencode}, with which chttpd_rewrite builds the path and query of a
 * rewritten request: letters, digits and {@code . - ~ _} stay, a space becomes {@code +}, every other byte {@code %XX}.
 */
final class MochiwebQuoting {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private MochiwebQuoting() {}

    static String quotePlus(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-'
                    || c == '~' || c == '_') {
                out.append((char) c);
            } else if (c == ' ') {
                out.append('+');
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        return out.toString();
    }

    /** {@code k=v&k=v}, both sides quoted, in the order given. */
    static String urlencode(List<Map.Entry<String, String>> pairs) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, String> p : pairs) {
            if (out.length() > 0) {
                out.append('&');
            }
            out.append(quotePlus(p.getKey())).append('=').append(quotePlus(p.getValue()));
        }
        return out.toString();
    }
}
