package org.couchtck.reference.endpoint;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The name and password of an {@code Authorization} header, read as CouchDB 3.5.2 reads them
 * ({@code couch_httpd_auth:basic_name_pw}): only a value starting with {@code "Basic "} (case and the one space as
 * written) carries any; its rest goes through Erlang/OTP 27's {@code base64:decode/1}, whose failures CouchDB answers
 * as they come (400 for a lone trailing character, else a 500 of the Erlang error with the {@code ref} its stack hashes
 * to); a decoded value without a colon, or {@code _:_} (a client logging out), names nobody.
 */
final class BasicAuthorization {

    /** A standard-alphabet value of OTP's decode table: 0..63, or one of these. */
    private static final int WHITESPACE = -1;
    private static final int PADDING = -2;
    private static final int BAD = -3;

    private BasicAuthorization() {}

    /**
     * The name and password the header gives; empty when it gives none (another scheme, no colon).
     *
     * @throws CouchError as CouchDB answers a value its base64 decoding fails on
     */
    static Optional<String[]> read(String header) {
        if (!header.startsWith("Basic ")) {
            return Optional.empty();
        }
        String decoded = new String(decode(header.substring("Basic ".length())), StandardCharsets.UTF_8);
        int colon = decoded.indexOf(':');
        if (colon < 0) {
            return Optional.empty();
        }
        String name = decoded.substring(0, colon);
        String password = decoded.substring(colon + 1);
        if (name.equals("_") && password.equals("_")) {
            return Optional.empty();
        }
        return Optional.of(new String[] {name, password});
    }

    /**
     * OTP 27's {@code base64:decode/1} of a string, padding required: groups of four, whitespace skipped anywhere,
     * {@code =} only as the last one or two of a group and then nothing but whitespace. The error of each way it
     * fails is the one OTP raises at that point (it binds an invalid character and fails only when it builds bytes
     * of it).
     */
    static byte[] decode(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int[] group = new int[4];
        int filled = 0;
        int at = 0;
        while (at < text.length()) {
            int value = valueOf(text.charAt(at++));
            if (value == WHITESPACE) {
                continue;
            }
            if (filled < 3) {
                group[filled++] = value;
                continue;
            }
            if (value == PADDING) {
                if (group[2] == PADDING) {
                    shifted(group[1], Crash.BADARITH_SECOND);
                    bytes(out, Crash.BADARG_ONE_BYTE, group[0], group[1]);
                } else {
                    shifted(group[2], Crash.BADARITH_THIRD);
                    bytes(out, Crash.BADARG_TWO_BYTES, group[0], group[1], group[2]);
                }
                onlyWhitespace(text, at);
                return out.toByteArray();
            }
            group[3] = value;
            bytes(out, Crash.BADARG_GROUP, group);
            filled = 0;
        }
        return switch (filled) {
            case 0 -> out.toByteArray();
            // decode_list/5 has no clause for the end of the input
            case 1 -> throw CouchError.badRequest("Authorization header has invalid base64 value");
            case 2 -> throw Crash.MISSING_PADDING_SECOND.error();
            default -> throw Crash.MISSING_PADDING_THIRD.error();
        };
    }

    private static int valueOf(char c) {
        if (c >= 'A' && c <= 'Z') {
            return c - 'A';
        }
        if (c >= 'a' && c <= 'z') {
            return c - 'a' + 26;
        }
        if (c >= '0' && c <= '9') {
            return c - '0' + 52;
        }
        return switch (c) {
            case '+' -> 62;
            case '/' -> 63;
            case '=' -> PADDING;
            case ' ', '\t', '\n', '\r' -> WHITESPACE;
            default -> BAD;
        };
    }

    /** {@code B bsr N} of a value that may be an atom: badarith. */
    private static void shifted(int value, Crash crash) {
        if (value < 0) {
            throw crash.error();
        }
    }

    /** The bytes of whole sextets; an atom among them is badarg. */
    private static void bytes(ByteArrayOutputStream out, Crash crash, int... sextets) {
        long bits = 0;
        for (int sextet : sextets) {
            if (sextet < 0) {
                throw crash.error();
            }
            bits = bits << 6 | sextet;
        }
        int count = sextets.length - 1;
        bits >>= sextets.length * 6 - count * 8;
        for (int i = count - 1; i >= 0; i--) {
            out.write((int) (bits >> (i * 8)) & 0xff);
        }
    }

    /** After padding only whitespace may follow: anything else is OTP's case_clause of its decode-table entry. */
    private static void onlyWhitespace(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            int value = valueOf(c);
            if (value != WHITESPACE) {
                String entry = value == PADDING ? "eq" : value == BAD ? "bad" : Integer.toString(value);
                throw new CouchError.Crash("case_clause", entry, Crash.CASE_CLAUSE_REF);
            }
        }
    }

    /** The 500s OTP's decoder raises, with the {@code ref} CouchDB 3.5.2 on OTP 27.3 gives each (its stack's hash). */
    private enum Crash {
        MISSING_PADDING_SECOND("missing_padding", 1368458991L),
        MISSING_PADDING_THIRD("missing_padding", 753554676L),
        BADARG_GROUP("badarg", 997727663L),
        BADARG_ONE_BYTE("badarg", 3286070563L),
        BADARG_TWO_BYTES("badarg", 3508226361L),
        BADARITH_SECOND("badarith", 1541287582L),
        BADARITH_THIRD("badarith", 1956020829L);

        static final long CASE_CLAUSE_REF = 3748457727L;

        private final String reason;
        private final long ref;

        Crash(String reason, long ref) {
            this.reason = reason;
            this.ref = ref;
        }

        CouchError error() {
            return new CouchError.Crash("unknown_error", reason, ref);
        }
    }
}
