package org.couchtck.reference.daemons;

import java.nio.charset.StandardCharsets;

/**
 * The first look CouchDB takes at a line an OS process wrote (couch_os_process:readjson with json_stream_parse's
 * tokenizer, 2.2.0): it reads the first token, and the second when the first opens an array, to see whether the line
 * is a command ({@code ["log"|"error"|"fatal", ...]}) it must decode in full, a reply it hands on undecoded, a blank
 * line (no token: CouchDB hands on the atom {@code none}), or a line whose first tokens do not scan (a {@code
 * {parse_error, Reason}} thrown at the process).
 */
final class ReplyPeek {

    /** What the look found. */
    enum Kind { COMMAND, REPLY, BLANK, PARSE_ERROR }

    /** The outcome; {@code parseError} is json_stream_parse's reason atom for {@link Kind#PARSE_ERROR}. */
    record Result(Kind kind, String parseError) {
        static final Result COMMAND = new Result(Kind.COMMAND, null);
        static final Result REPLY = new Result(Kind.REPLY, null);
        static final Result BLANK = new Result(Kind.BLANK, null);
    }

    /** A token that did not scan, with json_stream_parse's reason. */
    private static final class ScanError extends RuntimeException {
        ScanError(String reason) {
            super(reason, null, false, false);
        }
    }

    private final byte[] line;
    private int pos;

    private ReplyPeek(byte[] line) {
        this.line = line;
    }

    static Result of(byte[] line) {
        ReplyPeek peek = new ReplyPeek(line);
        try {
            return peek.first();
        } catch (ScanError e) {
            return new Result(Kind.PARSE_ERROR, e.getMessage());
        }
    }

    private Result first() {
        skipWhitespace();
        if (pos >= line.length) {
            return Result.BLANK;
        }
        byte c = line[pos];
        if (c == '[') {
            pos++;
            return second();
        }
        if (c == '{') {
            return Result.REPLY;
        }
        if (c == '}' || c == ']' || c == ',' || c == ':') {
            throw new ScanError("unexpected_token");
        }
        scanValue();
        return Result.REPLY;
    }

    /** The first element of an array: a command name makes the line a command. */
    private Result second() {
        skipWhitespace();
        if (pos >= line.length) {
            throw new ScanError("unterminated_array");
        }
        byte c = line[pos];
        if (c == '{' || c == '[' || c == ']') {
            return Result.REPLY;
        }
        if (c == '}' || c == ',' || c == ':') {
            throw new ScanError("unexpected_token");
        }
        if (c == '"') {
            String name = string();
            return name.equals("log") || name.equals("error") || name.equals("fatal") ? Result.COMMAND : Result.REPLY;
        }
        scanValue();
        return Result.REPLY;
    }

    /** A scalar token (number, literal or string), or the tokenizer's error. */
    private void scanValue() {
        byte c = line[pos];
        if (c == '"') {
            string();
        } else if (c == '-') {
            pos++;
            if (pos >= line.length || !digit(line[pos])) {
                throw new ScanError("expected_number");
            }
            number();
        } else if (digit(c)) {
            number();
        } else if (c == 't') {
            literal("true");
        } else if (c == 'f') {
            literal("false");
        } else if (c == 'n') {
            literal("null");
        } else {
            throw new ScanError("bad_token");
        }
    }

    private void literal(String word) {
        byte[] expected = word.getBytes(StandardCharsets.US_ASCII);
        if (pos + expected.length > line.length) {
            throw new ScanError("bad_token");
        }
        for (int i = 0; i < expected.length; i++) {
            if (line[pos + i] != expected[i]) {
                throw new ScanError("bad_token");
            }
        }
        pos += expected.length;
    }

    /** toke_number_leading / _trailing / _exponent: a number ends at whitespace, a delimiter or the line's end. */
    private void number() {
        while (pos < line.length && digit(line[pos])) {
            pos++;
        }
        if (pos < line.length && line[pos] == '.') {
            pos++;
            int digits = pos;
            while (pos < line.length && digit(line[pos])) {
                pos++;
            }
            if (pos < line.length && (line[pos] == 'e' || line[pos] == 'E') && pos > digits) {
                pos++;
                exponent();
            }
        } else if (pos < line.length && (line[pos] == 'e' || line[pos] == 'E')) {
            pos++;
            exponent();
        }
        if (pos < line.length && !endsNumber(line[pos])) {
            throw new ScanError("unexpected_character_in_number");
        }
    }

    private void exponent() {
        if (pos < line.length && (line[pos] == '+' || line[pos] == '-')) {
            pos++;
        }
        while (pos < line.length && (digit(line[pos]) || line[pos] == '+' || line[pos] == '-')) {
            pos++;
        }
    }

    /** toke_string: the string's value after its escapes, or the tokenizer's error. */
    private String string() {
        pos++;
        StringBuilder out = new StringBuilder();
        while (true) {
            if (pos >= line.length) {
                throw new ScanError("unterminated_string");
            }
            byte c = line[pos];
            if (c == '"') {
                pos++;
                return out.toString();
            }
            if (c != '\\') {
                out.append((char) (c & 0xFF));
                pos++;
                continue;
            }
            if (pos + 1 >= line.length) {
                throw new ScanError("unterminated_string");
            }
            byte e = line[pos + 1];
            pos += 2;
            switch (e) {
                case '"' -> out.append('"');
                case '\\' -> out.append('\\');
                case '/' -> out.append('/');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    if (pos + 4 > line.length) {
                        throw new ScanError("missing_hex");
                    }
                    int code;
                    try {
                        code = Integer.parseInt(new String(line, pos, 4, StandardCharsets.US_ASCII), 16);
                    } catch (NumberFormatException bad) {
                        throw new ScanError("bad_escape");
                    }
                    if (code == 0xFFFF || code == 0xFFFE) {
                        throw new ScanError("invalid_utf_char");
                    }
                    out.append((char) code);
                    pos += 4;
                }
                default -> throw new ScanError("bad_escape");
            }
        }
    }

    private void skipWhitespace() {
        while (pos < line.length && whitespace(line[pos])) {
            pos++;
        }
    }

    private static boolean whitespace(byte c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private static boolean endsNumber(byte c) {
        return whitespace(c) || c == '}' || c == ']' || c == ',';
    }

    private static boolean digit(byte c) {
        return c >= '0' && c <= '9';
    }
}
