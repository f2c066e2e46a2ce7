package org.couchtck.reference.endpoint;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Whether a request's {@code Accept-Encoding} takes a content coding, as mochiweb's accepted_encodings decides it for
 * CouchDB's attachment GET: a coding listed with q above 0, or covered by {@code *}, or {@code identity} (always
 * acceptable unless refused); refused when listed with q=0, or by {@code *;q=0} unless listed itself.
 */
final class AcceptedEncodings {

    private AcceptedEncodings() {}

    static boolean accepts(String header, String coding) {
        Map<String, Double> q = parse(header == null ? "" : header);
        Double own = q.get(coding);
        if (own != null) {
            return own > 0;
        }
        Double star = q.get("*");
        if (star != null) {
            return star > 0;
        }
        return coding.equals("identity");
    }

    /** Codings and their q (1 when not given); a q that is no number counts as 0 (mochiweb rejects the header). */
    private static Map<String, Double> parse(String header) {
        Map<String, Double> out = new HashMap<>();
        for (String part : header.split(",")) {
            String[] pieces = part.split(";");
            String coding = pieces[0].trim().toLowerCase(Locale.ROOT);
            if (coding.isEmpty()) {
                continue;
            }
            double q = 1.0;
            for (int i = 1; i < pieces.length; i++) {
                String param = pieces[i].trim();
                if (param.startsWith("q=")) {
                    try {
                        q = Double.parseDouble(param.substring(2));
                    } catch (NumberFormatException e) {
                        q = 0;
                    }
                }
            }
            out.put(coding, q);
        }
        return out;
    }
}
