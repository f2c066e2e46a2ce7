package org.couchtck.reference.reducers;

/** Erlang's order of binaries, on the UTF-8 bytes of JSON strings: the order of code points, not of UTF-16 units. */
final class Utf8Order {

    private Utf8Order() {
    }

    static int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i);
            int y = b.codePointAt(j);
            if (x != y) {
                return Integer.compare(x, y);
            }
            i += Character.charCount(x);
            j += Character.charCount(y);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
