package org.couchtck.kit.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A Shields-style SVG badge for a README: "couchtck | 281/289 MUST", with "· 5 of 107 applicable" when MUST cases
 * of the profile did not apply (no function source in the target's language, a feature left out); green when every
 * MUST case of the profile applied and passed, grey when the target could not be run or no MUST case applied.
 */
public final class Badge {

    static final String GREEN = "#4c1";
    static final String YELLOW = "#dfb317";
    static final String RED = "#e05d44";
    static final String GREY = "#9f9f9f";
    private static final String LABEL = "couchtck";

    private Badge() {}

    /** The badge of {@code target}. */
    public static String svg(Matrix.Target target) {
        if (target.run().isEmpty()) {
            return svg(LABEL, "unavailable", GREY);
        }
        Matrix.MustScore score = target.mustScore();
        if (score.applicable() == 0) {
            return svg(LABEL, "nothing tested", GREY);
        }
        String message = score.text();
        return svg(LABEL, message, colour(score));
    }

    /** Writes the badge of {@code target} to {@code file}. */
    public static void write(Matrix.Target target, Path file) throws IOException {
        Files.writeString(file, svg(target));
    }

    /**
     * Green when every MUST case of the profile applied and passed; else by the worse of the two ratios, passed over
     * applicable and applicable over the profile's: yellow from 90 % on, red below. Few cases that pass cannot look
     * green.
     */
    static String colour(Matrix.MustScore score) {
        if (score.applicable() == 0) {
            return GREY;
        }
        if (score.passed() == score.applicable() && score.complete()) {
            return GREEN;
        }
        boolean passedMostly = score.passed() * 10L >= score.applicable() * 9L;
        boolean coveredMostly = score.applicable() * 10L >= score.ofProfile() * 9L;
        return passedMostly && coveredMostly ? YELLOW : RED;
    }

    static String svg(String label, String message, String colour) {
        int labelWidth = textWidth(label) + 10;
        int messageWidth = textWidth(message) + 10;
        int width = labelWidth + messageWidth;
        String title = Html.escape(label + ": " + message);
        return String.format(Locale.ROOT, """
                <svg xmlns="http://www.w3.org/2000/svg" width="%1$d" height="20" role="img" aria-label="%2$s">\
                <title>%2$s</title>\
                <linearGradient id="s" x2="0" y2="100%%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/>\
                <stop offset="1" stop-opacity=".1"/></linearGradient>\
                <clipPath id="r"><rect width="%1$d" height="20" rx="3" fill="#fff"/></clipPath>\
                <g clip-path="url(#r)"><rect width="%3$d" height="20" fill="#555"/>\
                <rect x="%3$d" width="%4$d" height="20" fill="%5$s"/>\
                <rect width="%1$d" height="20" fill="url(#s)"/></g>\
                <g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">\
                <text x="%6$.1f" y="15" fill="#010101" fill-opacity=".3">%7$s</text>\
                <text x="%6$.1f" y="14">%7$s</text>\
                <text x="%8$.1f" y="15" fill="#010101" fill-opacity=".3">%9$s</text>\
                <text x="%8$.1f" y="14">%9$s</text></g></svg>
                """, width, title, labelWidth, messageWidth, colour, labelWidth / 2.0, Html.escape(label),
                labelWidth + messageWidth / 2.0, Html.escape(message));
    }

    /** Width in pixels of {@code text} in 11px Verdana, from per-character advances (as Shields measures). */
    static int textWidth(String text) {
        double width = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ' ') {
                width += 3.9;
            } else if (c == '/' || c == 'i' || c == 'l' || c == '.' || c == ':') {
                width += 4.3;
            } else if (Character.isDigit(c)) {
                width += 7.0;
            } else if (Character.isUpperCase(c) || c == 'm' || c == 'w') {
                width += 8.6;
            } else {
                width += 6.6;
            }
        }
        return (int) Math.ceil(width);
    }
}
