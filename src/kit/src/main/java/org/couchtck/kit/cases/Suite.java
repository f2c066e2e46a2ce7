package org.couchtck.kit.cases;

import java.util.Arrays;
import java.util.Locale;

/** The kit's suites: which protocol a case checks, told by its id's first segment. */
public enum Suite {

    /** Query-server cases ({@code qs.*}), against {@code --server}. */
    QUERY_SERVER("query-server", "qs."),

    /** HTTP cases ({@code http.*}), against {@code --endpoint}. */
    HTTP("http", "http.");

    private final String id;
    private final String casePrefix;

    Suite(String id, String casePrefix) {
        this.id = id;
        this.casePrefix = casePrefix;
    }

    /** The name on the command line and in reports. */
    public String id() {
        return id;
    }

    /** The suite a case id belongs to. */
    public static Suite ofCase(String caseId) {
        return caseId.startsWith(HTTP.casePrefix) ? HTTP : QUERY_SERVER;
    }

    /**
     * @throws IllegalArgumentException naming the known suites
     */
    public static Suite parse(String text) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(s -> s.id.equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown suite '" + text + "' (suites: "
                        + String.join(", ", Arrays.stream(values()).map(Suite::id).toList()) + ")"));
    }
}
