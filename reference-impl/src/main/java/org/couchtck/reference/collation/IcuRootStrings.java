package org.couchtck.reference.collation;

import com.ibm.icu.text.Collator;
import com.ibm.icu.util.ULocale;

/**
 * Strings as CouchDB's collation NIF compares them: ICU's root collator exactly as {@code ucol_open("")} gives it —
 * no attribute changed, so tertiary strength (case and accents count, lowercase first), normalization off (ICU's data
 * is closed over canonical equivalence, so FCD text such as {@code "é"} and {@code "e\u0301"} still compares equal)
 * and no identical level: strings that differ only in completely ignorable characters (controls, NUL) are equal.
 *
 * <p>ICU collators are not thread-safe while thawed, and a frozen one serialises every comparison that leaves its
 * Latin fast path behind one lock; each thread gets its own thawed clone of a frozen prototype instead.
 */
final class IcuRootStrings {

    private static final Collator PROTOTYPE = Collator.getInstance(ULocale.ROOT).freeze();
    private static final ThreadLocal<Collator> COLLATOR = ThreadLocal.withInitial(PROTOTYPE::cloneAsThawed);

    private IcuRootStrings() {
    }

    static int compare(String a, String b) {
        if (a.equals(b)) {
            return 0;
        }
        return Integer.signum(COLLATOR.get().compare(a, b));
    }
}
