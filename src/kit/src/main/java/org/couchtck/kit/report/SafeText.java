package org.couchtck.kit.report;

/**
 * Makes untrusted text (server replies, stderr, messages quoting them) safe to put in a report file or a
 * terminal: characters that XML 1.0 forbids, C1 controls and lone surrogates are shown as <code>&#92;uXXXX</code>
 * instead, and huge texts are cut with a note saying how much was dropped.
 */
final class SafeText {

    private SafeText() {}

    /**
     * Replaces every character that is illegal in XML 1.0, a C1 control or DEL by its <code>&#92;uXXXX</code> spelling.
     * Tab, newline and carriage return stay; well-formed surrogate pairs stay.
     */
    static String legal(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = null;
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
                if (out != null) {
                    out.append(c).append(text.charAt(i + 1));
                }
                i++;
                continue;
            }
            boolean safe = !unsafe(c);
            if (safe && out == null) {
                continue;
            }
            if (out == null) {
                out = new StringBuilder(length + 16).append(text, 0, i);
            }
            if (safe) {
                out.append(c);
            } else {
                out.append(String.format("\\u%04x", (int) c));
            }
        }
        return out == null ? text : out.toString();
    }

    /** {@link #legal} text on one line (runs of whitespace become one space), cut to {@code max} characters. */
    static String oneLine(String text, int max) {
        String flat = legal(text).replaceAll("\\s+", " ").strip();
        return cap(flat, max);
    }

    /**
     * {@code text} cut to about {@code max} characters plus a note of what was dropped: at the last space before
     * {@code max} when there is one in its second half (never inside a word), and not at all when less would be
     * dropped than the note takes; never splits a surrogate pair.
     */
    static String cap(String text, int max) {
        if (text == null) {
            return "";
        }
        if (text.length() <= max + NOTE_ROOM) {
            return text;
        }
        int end = max;
        int space = text.lastIndexOf(' ', max);
        if (space >= max / 2) {
            end = space;
        } else if (end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        int dropped = text.length() - end;
        return text.substring(0, end) + "… [" + dropped + " more characters]";
    }

    /** Cutting fewer characters than this would save less than the note about them takes. */
    private static final int NOTE_ROOM = 24;

    private static boolean unsafe(char c) {
        if (c == '\t' || c == '\n' || c == '\r') {
            return false;
        }
        return c < 0x20 || (c >= 0x7f && c <= 0x9f) || Character.isSurrogate(c) || c == 0xfffe || c == 0xffff;
    }
}
