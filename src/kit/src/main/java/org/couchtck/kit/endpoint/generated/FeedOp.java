package org.couchtck.kit.endpoint.generated;

import java.util.Objects;

/**
 * One operation of one writer of a {@link FeedWorkload}. Documents and extra databases are numbered per writer, so
 * that no two writers touch the same document: what each document went through is then known exactly, in the order
 * its writer's requests were acknowledged.
 *
 * @param kind what the operation does
 * @param number the writer's document ({@code w<writer>-d<number>}) or extra database ({@code w<writer>x<number>})
 * @param branch for {@link Kind#CONFLICT}: the 32 hex digits of the made-up revision; empty otherwise
 * @param deleted for {@link Kind#CONFLICT}: whether the made-up revision is a deletion
 */
public record FeedOp(Kind kind, int number, String branch, boolean deleted) {

    /** What an operation does; what request it becomes depends on the document's state when it runs. */
    public enum Kind {
        /**
         * Creates the document (PUT without {@code _rev}), updates it with its current revision, or, when its winner
         * is a deletion, writes it again without {@code _rev} (a new life on top of the deleted winner).
         */
        WRITE,
        /** Deletes the document's current revision (DELETE ?rev=); nothing when it is deleted already. */
        DELETE,
        /**
         * A conflicting write as replication makes it: {@code _bulk_docs} with {@code new_edits: false} and a made-up
         * revision, {@code 2-<branch>} on the document's first revision (or {@code 1-<branch>} for a new document).
         */
        CONFLICT,
        /** Creates an extra database (PUT /db). */
        CREATE_DB,
        /** Deletes an extra database this writer created (DELETE /db). */
        DELETE_DB
    }

    public FeedOp {
        Objects.requireNonNull(kind, "kind");
        branch = branch == null ? "" : branch;
        if (kind == Kind.CONFLICT && !branch.matches("[0-9a-f]{32}")) {
            throw new IllegalArgumentException("a conflicting branch is 32 hex digits, got '" + branch + "'");
        }
    }

    /** The id of the document a document operation writes, for writer {@code writer}. */
    public static String docId(int writer, int number) {
        return "w" + writer + "-d" + number;
    }

    /** The suffix of the extra database a database operation names, for writer {@code writer}. */
    public static String dbSuffix(int writer, int number) {
        return "w" + writer + "x" + number;
    }

    /** Whether the operation writes a document (rather than a database). */
    public boolean onDocument() {
        return kind == Kind.WRITE || kind == Kind.DELETE || kind == Kind.CONFLICT;
    }

    /** The operation in words, as writer {@code writer} does it. */
    public String describe(int writer) {
        return switch (kind) {
            case WRITE -> "write " + docId(writer, number);
            case DELETE -> "delete " + docId(writer, number);
            case CONFLICT -> "conflicting " + (deleted ? "deleted " : "") + "branch " + branch + " on "
                    + docId(writer, number) + " (_bulk_docs new_edits=false)";
            case CREATE_DB -> "create database " + dbSuffix(writer, number);
            case DELETE_DB -> "delete database " + dbSuffix(writer, number);
        };
    }
}
