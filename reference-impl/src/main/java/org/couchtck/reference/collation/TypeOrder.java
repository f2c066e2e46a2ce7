package org.couchtck.reference.collation;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Which kind of JSON value sorts before which: the first comparison of two keys, before their contents count. Values
 * of one rank are compared by content ({@link Kind}); null, false and true each have a rank of their own.
 */
enum TypeOrder {

    /** {@code couch_ejson_compare} (and CouchDB's documentation): null, false, true, numbers, strings, arrays, objects. */
    COUCHDB(0, 1, 2, 3, 4, 5, 6),

    /**
     * Erlang's term order over the decoded keys: numbers, then the atoms alphabetically (false, null, true), then
     * tuples (an object is {@code {Members}}), then lists (arrays; {@code []} is nil, which also sorts there), then
     * binaries (strings).
     */
    ERLANG(2, 1, 3, 0, 6, 5, 4);

    /** How two values of the same rank are compared. */
    enum Kind {
        ATOM, NUMBER, STRING, ARRAY, OBJECT
    }

    private final int nullRank;
    private final int falseRank;
    private final int trueRank;
    private final int numberRank;
    private final int stringRank;
    private final int arrayRank;
    private final int objectRank;

    TypeOrder(int nullRank, int falseRank, int trueRank, int numberRank, int stringRank, int arrayRank,
            int objectRank) {
        this.nullRank = nullRank;
        this.falseRank = falseRank;
        this.trueRank = trueRank;
        this.numberRank = numberRank;
        this.stringRank = stringRank;
        this.arrayRank = arrayRank;
        this.objectRank = objectRank;
    }

    int rank(JsonNode value) {
        return switch (kind(value)) {
            case NUMBER -> numberRank;
            case STRING -> stringRank;
            case ARRAY -> arrayRank;
            case OBJECT -> objectRank;
            case ATOM -> value.isNull() ? nullRank : value.booleanValue() ? trueRank : falseRank;
        };
    }

    static Kind kind(JsonNode value) {
        return switch (value.getNodeType()) {
            case NULL, BOOLEAN -> Kind.ATOM;
            case NUMBER -> Kind.NUMBER;
            case STRING -> Kind.STRING;
            case ARRAY -> Kind.ARRAY;
            case OBJECT -> Kind.OBJECT;
            default -> throw new IllegalArgumentException("not a JSON value: " + value.getNodeType());
        };
    }
}
