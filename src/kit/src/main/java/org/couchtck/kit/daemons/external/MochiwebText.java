package org.couchtck.kit.daemons.external;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Parts of an HTTP request read as mochiweb 2.17 (CouchDB 2.2.0's HTTP server) reads them: query strings and form
 * bodies ({@code mochiweb_util:parse_qs}), Cookie headers ({@code mochiweb_cookies:parse_cookie}), path parts
 * ({@code string:tokens} and {@code mochiweb_util:unquote}).
 */
final class MochiwebText {

    /** A key and a value, in the order found; keys may repeat. */
    record Pair(String key, JsonNode value) {}

    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

    private MochiwebText() {}

    /** mochiweb_util:parse_qs: pairs split at {@code &} or {@code ;}, a key without {@code =} has the value "". */
    static List<Pair> parseQs(String text, String what) {
        List<Pair> pairs = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            int keyEnd = i;
            while (keyEnd < text.length() && "=;&".indexOf(text.charAt(keyEnd)) < 0) {
                keyEnd++;
            }
            String key = unquote(text.substring(i, keyEnd), what);
            int valueStart = keyEnd < text.length() && text.charAt(keyEnd) == '=' ? keyEnd + 1 : keyEnd;
            int valueEnd = valueStart;
            while (valueEnd < text.length() && ";&".indexOf(text.charAt(valueEnd)) < 0) {
                valueEnd++;
            }
            String value = unquote(text.substring(valueStart, valueEnd), what);
            pairs.add(new Pair(key, NODES.textNode(value)));
            i = valueEnd < text.length() ? valueEnd + 1 : valueEnd;
        }
        return pairs;
    }

    /**
     * mochiweb_cookies:parse_cookie: {@code name=value} pairs separated by {@code ;} or {@code ,}; tokens end at
     * RFC 2616 separators; a value may be quoted (backslash escapes); empty names and names starting with {@code $}
     * are left out.
     */
    static List<Pair> parseCookie(String header) {
        List<Pair> pairs = new ArrayList<>();
        int i = 0;
        int n = header.length();
        while (i < n) {
            i = skipWhitespace(header, i);
            int tokenEnd = tokenEnd(header, i);
            String name = header.substring(i, tokenEnd);
            i = skipWhitespace(header, tokenEnd);
            String value = "";
            if (i < n && header.charAt(i) == '=') {
                i = skipWhitespace(header, i + 1);
                if (i < n && header.charAt(i) == '"') {
                    StringBuilder quoted = new StringBuilder();
                    i++;
                    while (i < n && header.charAt(i) != '"') {
                        if (header.charAt(i) == '\\' && i + 1 < n) {
                            i++;
                        }
                        quoted.append(header.charAt(i));
                        i++;
                    }
                    i = Math.min(n, i + 1);
                    value = quoted.toString();
                } else {
                    int end = tokenEnd(header, i);
                    value = header.substring(i, end);
                    i = end;
                }
            }
            while (i < n && header.charAt(i) != ';' && header.charAt(i) != ',') {
                i++;
            }
            i = Math.min(n, i + 1);
            if (!name.isEmpty() && !name.startsWith("$")) {
                pairs.add(new Pair(name, NODES.textNode(value)));
            }
        }
        return pairs;
    }

    static int skipWhitespace(String text, int i) {
        while (i < text.length() && " \t\r\n".indexOf(text.charAt(i)) >= 0) {
            i++;
        }
        return i;
    }

    static int tokenEnd(String text, int i) {
        while (i < text.length() && !separator(text.charAt(i))) {
            i++;
        }
        return i;
    }

    static boolean separator(char c) {
        return c < 32 || " \t()<>@,;:\\\"/[]?={}".indexOf(c) >= 0;
    }

    /** {@code string:tokens(Text, "/")}, each token unquoted. */
    static List<String> unquotedTokens(String text, String what) {
        List<String> tokens = new ArrayList<>();
        for (String token : text.split("/")) {
            if (!token.isEmpty()) {
                tokens.add(unquote(token, what));
            }
        }
        return tokens;
    }

    /**
     * mochiweb_util:unquote over the UTF-8 bytes of {@code text}: {@code %XX} becomes the byte, {@code +} a space,
     * read from the end as qs_revdecode does; the bytes must be UTF-8.
     */
    static String unquote(String text, String what) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream reversed = new ByteArrayOutputStream();
        int i = bytes.length - 1;
        while (i >= 0) {
            if (i >= 2 && bytes[i - 2] == '%' && hex(bytes[i - 1]) >= 0 && hex(bytes[i]) >= 0) {
                reversed.write(hex(bytes[i - 1]) << 4 | hex(bytes[i]));
                i -= 3;
            } else {
                reversed.write(bytes[i] == '+' ? ' ' : bytes[i]);
                i--;
            }
        }
        byte[] decoded = reversed.toByteArray();
        for (int a = 0, b = decoded.length - 1; a < b; a++, b--) {
            byte swap = decoded[a];
            decoded[a] = decoded[b];
            decoded[b] = swap;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(decoded)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("CouchDB answers 500 itself: a " + what + " part decodes to bytes that "
                    + "are not UTF-8 (" + text + "), which its JSON encoder refuses");
        }
    }

    static int hex(byte b) {
        return Character.digit((char) (b & 0xff), 16);
    }
}
