package org.couchtck.kit.endpoint;

import java.util.Locale;

/**
 * Where a request step's request goes ({@code "to"} in a fixture): the endpoint under test, or one of the kit's own
 * stand-ins around it that the Externals API cases need.
 */
public enum Recipient {
    /** The endpoint under test (the default). */
    ENDPOINT,
    /** The kit's backend: the WireMock server the endpoint's proxy forwards to and the kit's daemons report to. */
    BACKEND,
    /**
     * The ini file of the endpoint the kit started: {@code PUT /section/key} with a JSON string body sets a value,
     * {@code DELETE /section/key} removes it, as CouchDB's config API would if these sections were not refused.
     */
    INI;

    /** The fixture's name of this recipient. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The recipient named {@code id} in a fixture. */
    static Recipient parse(String id) {
        for (Recipient recipient : values()) {
            if (recipient.id().equals(id)) {
                return recipient;
            }
        }
        throw new IllegalArgumentException("to is \"endpoint\", \"backend\" or \"ini\", got '" + id + "'");
    }
}
