package org.couchtck.kit.cases;

import java.util.Arrays;
import java.util.Locale;

/** The kit's suites: which protocol a case checks, told by its id's first segment. */
public enum Suite {

    /** Query-server cases ({@code qs.*}), against {@code --server}. */
    QUERY_SERVER("query-server", "qs."),

    /** HTTP cases ({@code http.*}), against {@code --endpoint}. */
    HTTP("http", "http."),

    /** OS-daemon cases ({@code daemon.*}): the kit plays CouchDB towards {@code --daemon}. */
    DAEMON("daemon", "daemon."),

    /** {@code _external} handler cases ({@code external.*}): the kit plays CouchDB towards {@code --external}. */
    EXTERNAL("external", "external.");

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

    /** The prefix of the ids of the suite's cases, e.g. {@code http.}. */
    public String casePrefix() {
        return casePrefix;
    }

    /** The suite a case belongs to: the one whose prefix its id has, else query-server. */
    public static Suite ofCase(String caseId) {
        return Arrays.stream(values()).filter(s -> caseId.startsWith(s.casePrefix)).findFirst().orElse(QUERY_SERVER);
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
