package org.couchtck.reference.collation;

/**
 * Strings in the order of their UTF-8 bytes, which is how Erlang compares binaries: the raw collation's strings and
 * the document ids of every view. That is code point order, not Java's {@link String#compareTo} (UTF-16 code units):
 * they differ when a supplementary character meets one from U+E000 to U+FFFF.
 */
final class CodePointStrings {

    private CodePointStrings() {
    }

    static int compare(String a, String b) {
        int n = Math.min(a.length(), b.length());
        int i = 0;
        while (i < n && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        if (i == n) {
            return Integer.signum(a.length() - b.length());
        }
        // A difference in a trailing surrogate is a difference in the code point its leading surrogate began.
        boolean trailing = Character.isLowSurrogate(a.charAt(i)) || Character.isLowSurrogate(b.charAt(i));
        if (trailing && i > 0 && Character.isHighSurrogate(a.charAt(i - 1))) {
            i--;
        }
        // Lone surrogates count as their own code points (as in WTF-8), which keeps the order total.
        return Integer.compare(a.codePointAt(i), b.codePointAt(i));
    }
}
