package org.couchtck.reference.erlang;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Writes Erlang terms in the external term format, byte for byte as {@code term_to_binary(Term, [{minor_version, 1}])}
 * does on OTP 26/27. CouchDB hashes such bytes into revision ids (MD5) and into {@code _approx_count_distinct}
 * sketches (SHA-1 of the view key, via its {@code ?term_to_bin} macro, which passes the same option), and compares
 * their lengths ({@code erlang:external_size} with that option) for {@code reduce_limit}: every byte has to be right.
 *
 * <p>The methods append one term (or a list or tuple header) each, in order; {@link #json(JsonNode)} appends a JSON
 * value as CouchDB holds it internally (EJSON): object {@code {[{<<"key">>, Value}, ...]}}, array as list, string as
 * binary, {@code true}/{@code false}/{@code null} as atoms, numbers as integers or floats.
 *
 * <p>Not thread-safe; one instance builds one term.
 */
public final class ErlangTermEncoder {

    private static final int VERSION = 131;
    private static final int NEW_FLOAT_EXT = 70;
    private static final int SMALL_INTEGER_EXT = 97;
    private static final int INTEGER_EXT = 98;
    private static final int ATOM_EXT = 100;
    private static final int SMALL_TUPLE_EXT = 104;
    private static final int LARGE_TUPLE_EXT = 105;
    private static final int NIL_EXT = 106;
    private static final int STRING_EXT = 107;
    private static final int LIST_EXT = 108;
    private static final int BINARY_EXT = 109;
    private static final int SMALL_BIG_EXT = 110;
    private static final int LARGE_BIG_EXT = 111;
    /** OTP writes a list of bytes as STRING_EXT only while its length fits the tag's 16-bit count. */
    private static final int MAX_STRING_EXT_LENGTH = 0xFFFF;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** Starts a term: the format's version byte, as term_to_binary writes it first. */
    public ErlangTermEncoder() {
        out.write(VERSION);
    }

    /**
     * An atom of Latin-1 characters. With {@code minor_version 1} OTP still writes these as ATOM_EXT (tag 100, 16-bit
     * length), not as the UTF-8 tags that {@code minor_version 2}, OTP 26's default, uses: CouchDB passes 1
     * explicitly, and the recorded revision ids only come out right with ATOM_EXT.
     */
    public ErlangTermEncoder atom(String name) {
        if (name.length() > 255 || !name.chars().allMatch(c -> c <= 0xFF)) {
            // OTP would switch to the UTF-8 tags here; CouchDB's hashes never need them, so they are left out
            throw new IllegalArgumentException("only atoms of at most 255 Latin-1 characters are supported: " + name);
        }
        out.write(ATOM_EXT);
        writeShort(name.length());
        out.writeBytes(name.getBytes(StandardCharsets.ISO_8859_1));
        return this;
    }

    /** An integer in the smallest of OTP's encodings: one byte for 0..255, four for a signed 32-bit value, else big. */
    public ErlangTermEncoder integer(long value) {
        if (value >= 0 && value <= 255) {
            out.write(SMALL_INTEGER_EXT);
            out.write((int) value);
        } else if (value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE) {
            out.write(INTEGER_EXT);
            writeInt((int) value);
        } else {
            bigInteger(BigInteger.valueOf(value));
        }
        return this;
    }

    /** An integer of any size, encoded as {@link #integer(long)} says. */
    public ErlangTermEncoder integer(BigInteger value) {
        if (value.bitLength() < Long.SIZE) {
            return integer(value.longValue());
        }
        bigInteger(value);
        return this;
    }

    /** A float as NEW_FLOAT_EXT: the IEEE 754 double, big-endian (what {@code minor_version 1} selects). */
    public ErlangTermEncoder floatingPoint(double value) {
        out.write(NEW_FLOAT_EXT);
        long bits = Double.doubleToLongBits(value);
        writeInt((int) (bits >>> 32));
        writeInt((int) bits);
        return this;
    }

    /** A binary (BINARY_EXT). */
    public ErlangTermEncoder binary(byte[] bytes) {
        out.write(BINARY_EXT);
        writeInt(bytes.length);
        out.writeBytes(bytes);
        return this;
    }

    /** A binary holding the text's UTF-8 bytes, as jiffy decodes a JSON string. */
    public ErlangTermEncoder utf8(String text) {
        return binary(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The head of a proper list of {@code length} (at least 1) elements: append them, then {@link #nil()} as its tail.
     * Write an empty list as {@link #nil()} alone, as OTP does. A list whose elements are all integers 0..255 is
     * written by OTP as STRING_EXT instead: {@link #json(JsonNode)} takes care of that, callers of this method must.
     */
    public ErlangTermEncoder listHeader(int length) {
        if (length < 1) {
            throw new IllegalArgumentException("an empty list is nil(), not a list header");
        }
        out.write(LIST_EXT);
        writeInt(length);
        return this;
    }

    /** The empty list, and the tail of every proper list. */
    public ErlangTermEncoder nil() {
        out.write(NIL_EXT);
        return this;
    }

    /** The head of a tuple of {@code arity} elements: append them next. */
    public ErlangTermEncoder tupleHeader(int arity) {
        if (arity < 0) {
            throw new IllegalArgumentException("a tuple has no negative arity: " + arity);
        }
        if (arity <= 255) {
            out.write(SMALL_TUPLE_EXT);
            out.write(arity);
        } else {
            out.write(LARGE_TUPLE_EXT);
            writeInt(arity);
        }
        return this;
    }

    /** A JSON value as the EJSON term CouchDB makes of it (see the class comment). */
    public ErlangTermEncoder json(JsonNode value) {
        switch (value.getNodeType()) {
            case OBJECT -> object(value);
            case ARRAY -> array(value);
            case STRING -> utf8(value.textValue());
            case BOOLEAN -> atom(value.booleanValue() ? "true" : "false");
            case NULL -> atom("null");
            case NUMBER -> number(value);
            default -> throw new IllegalArgumentException("not a JSON value: " + value.getNodeType());
        }
        return this;
    }

    /** How many bytes are written so far: {@code erlang:external_size} of the term, once it is complete. */
    public int size() {
        return out.size();
    }

    /** The bytes written so far. */
    public byte[] toByteArray() {
        return out.toByteArray();
    }

    private void object(JsonNode object) {
        // jiffy's {Proplist}: a 1-tuple around a list of {Key, Value} pairs, in the order the document gave them
        tupleHeader(1);
        if (object.isEmpty()) {
            nil();
            return;
        }
        listHeader(object.size());
        for (Map.Entry<String, JsonNode> field : object.properties()) {
            tupleHeader(2);
            utf8(field.getKey());
            json(field.getValue());
        }
        nil();
    }

    private void array(JsonNode array) {
        if (array.isEmpty()) {
            nil();
        } else if (isByteList(array)) {
            out.write(STRING_EXT);
            writeShort(array.size());
            array.forEach(element -> out.write(element.intValue()));
        } else {
            listHeader(array.size());
            array.forEach(this::json);
            nil();
        }
    }

    private static boolean isByteList(JsonNode array) {
        if (array.size() > MAX_STRING_EXT_LENGTH) {
            return false;
        }
        for (JsonNode element : array) {
            if (!element.isIntegralNumber() || !element.canConvertToInt()
                    || element.intValue() < 0 || element.intValue() > 255) {
                return false;
            }
        }
        return true;
    }

    private void number(JsonNode number) {
        // jiffy gives an integer for a literal without fraction or exponent, else a float; Jackson's node types agree
        if (number.isIntegralNumber()) {
            integer(number.bigIntegerValue());
        } else {
            floatingPoint(number.doubleValue());
        }
    }

    private void bigInteger(BigInteger value) {
        // sign byte, then the magnitude's bytes least significant first
        byte[] bigEndian = value.abs().toByteArray();
        int start = bigEndian[0] == 0 ? 1 : 0; // toByteArray's sign byte is not part of the magnitude
        int length = bigEndian.length - start;
        if (length <= 255) {
            out.write(SMALL_BIG_EXT);
            out.write(length);
        } else {
            out.write(LARGE_BIG_EXT);
            writeInt(length);
        }
        out.write(value.signum() < 0 ? 1 : 0);
        for (int i = bigEndian.length - 1; i >= start; i--) {
            out.write(bigEndian[i]);
        }
    }

    private void writeShort(int value) {
        out.write(value >>> 8);
        out.write(value);
    }

    private void writeInt(int value) {
        out.write(value >>> 24);
        out.write(value >>> 16);
        out.write(value >>> 8);
        out.write(value);
    }
}
