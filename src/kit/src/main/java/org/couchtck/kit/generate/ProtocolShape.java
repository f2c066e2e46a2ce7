package org.couchtck.kit.generate;

/**
 * The message shapes of the CouchDB version under test, as far as generated sessions need them.
 *
 * @param resetLine the exact {@code reset} line CouchDB sends between sessions
 * @param reduceContext whether {@code reduce} and {@code rereduce} carry the view context as a fourth element
 *     (CouchDB 3.5.2 and later)
 */
public record ProtocolShape(String resetLine, boolean reduceContext) {

    /** The view context the generated reduce messages carry. */
    public static final String CONTEXT = "db/_design/generated/_view/v";
}
