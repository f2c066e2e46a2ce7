package org.couchtck.kit.report;

/** Escaping of untrusted text for GitHub-flavoured Markdown, where raw HTML is also live. */
final class MarkdownText {

    private MarkdownText() {}

    /**
     * {@code text} on one line, cut to {@code max}, with Markdown and HTML syntax characters escaped so it
     * renders literally, also inside a table cell.
     */
    static String inline(String text, int max) {
        String flat = SafeText.oneLine(text, max);
        StringBuilder out = new StringBuilder(flat.length() + 16);
        for (int i = 0; i < flat.length(); i++) {
            char c = flat.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '|', '\\', '`', '*', '_', '[', ']', '~' -> out.append('\\').append(c);
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** {@code text} as inline code (outside tables); backticks and line breaks cannot break out of it. */
    static String code(String text) {
        String flat = SafeText.oneLine(text, 200).replace('`', '\'');
        return "`" + flat + "`";
    }
}
