package org.couchtck.kit.report;

/** Escaping of untrusted text for HTML element content and quoted attribute values. */
final class Html {

    private Html() {}

    /** {@code text} made safe (see {@link SafeText#legal}) with every markup character escaped. */
    static String escape(String text) {
        String safe = SafeText.legal(text);
        StringBuilder out = new StringBuilder(safe.length() + 16);
        for (int i = 0; i < safe.length(); i++) {
            char c = safe.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** A fragment identifier for {@code name} (ids may hold any character; anchors should not). */
    static String anchor(String prefix, String name) {
        return prefix + "-" + SafeText.legal(name).replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
