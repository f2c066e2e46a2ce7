package org.couchtck.kit.report;

import org.couchtck.kit.check.Verdict;

/** How each verdict looks in the visual reports; one place so the chart, badges and legend agree. */
final class VerdictStyle {

    private VerdictStyle() {}

    /** Fill colour, chosen to stay distinguishable for the common colour-vision deficiencies. */
    static String color(Verdict verdict) {
        return switch (verdict) {
            case PASS -> "#2e7d32";
            case FAIL -> "#c62828";
            case WARN -> "#d08c00";
            case NA -> "#9e9e9e";
            case ERROR -> "#6a1b9a";
            case KNOWN -> "#1565c0";
            case STALE -> "#e65100";
        };
    }

    /** Lower-case label used in tables and legends. */
    static String label(Verdict verdict) {
        return verdict.name().toLowerCase(java.util.Locale.ROOT);
    }

    /** CSS rules giving each verdict's badge and chart swatch its colour. */
    static String css() {
        StringBuilder css = new StringBuilder();
        for (Verdict verdict : Verdict.values()) {
            css.append(".v-").append(verdict.name()).append("{background:").append(color(verdict)).append("}\n");
        }
        return css.toString();
    }
}
