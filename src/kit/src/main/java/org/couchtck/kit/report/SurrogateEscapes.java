package org.couchtck.kit.report;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * JSON escapes that write every UTF-16 surrogate as <code>&#92;uXXXX</code>: a server may reply with a lone surrogate,
 * which cannot be encoded as UTF-8 but survives, losslessly, as a JSON escape. Pairs become two escapes, which
 * every JSON reader joins again.
 */
final class SurrogateEscapes extends CharacterEscapes {

    private static final long serialVersionUID = 1L;

    private final int[] asciiEscapes = CharacterEscapes.standardAsciiEscapesForJSON();

    @Override
    public int[] getEscapeCodesForAscii() {
        return asciiEscapes;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
        if (ch >= Character.MIN_SURROGATE && ch <= Character.MAX_SURROGATE) {
            return new SerializedString(String.format("\\u%04X", ch));
        }
        return null;
    }
}
