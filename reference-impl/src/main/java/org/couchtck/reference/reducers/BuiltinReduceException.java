package org.couchtck.reference.reducers;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A builtin reduce that CouchDB does not answer with a value: the view query fails with {@link #status()} (500 in
 * every recorded case) and {@link #body()}.
 *
 * <p>Two sorts, told apart by {@link #reasonIsStackTrace()}:
 * <ul>
 *   <li>errors CouchDB raises on purpose ({@code _stats} refusing a value: {@code "error":"invalid_value"}): the body
 *       is CouchDB's, byte for byte, apart from the {@code "ref"} field CouchDB appends (a hash of the Erlang stack,
 *       stable per crash site; the caller adds it if it wants to);</li>
 *   <li>Erlang crashes in the reducer ({@code case_clause} when {@code _sum} meets an object after a number,
 *       {@code function_clause} when {@code _stats} zips arrays of different lengths): {@code error} is the crash
 *       name as CouchDB reports it for a query; CouchDB's reason is the crashing term ({@code case_clause}: given
 *       here exactly) or an Erlang stack trace (not reproduced: the reason describes the crash instead). When the
 *       crash happens while CouchDB builds the index rather than during the query (the first reduce of the rows, in
 *       key order, is done then), CouchDB reports the crash term as error ({@code "{case_clause,2}"},
 *       {@code "function_clause"}) and a stack trace as reason; {@link #indexBuildError()} gives that error.</li>
 * </ul>
 */
public final class BuiltinReduceException extends RuntimeException {

    private static final long serialVersionUID = 1L;
    private static final int INTERNAL_SERVER_ERROR = 500;

    private final int status;
    private final String error;
    private final String reason;
    private final String indexBuildError;
    private final boolean reasonIsStackTrace;

    private BuiltinReduceException(String error, String reason, String indexBuildError, boolean reasonIsStackTrace) {
        super(error + ": " + reason);
        this.status = INTERNAL_SERVER_ERROR;
        this.error = error;
        this.reason = reason;
        this.indexBuildError = indexBuildError;
        this.reasonIsStackTrace = reasonIsStackTrace;
    }

    /** {@code throw({invalid_value, Reason})} in couch_query_servers: CouchDB's reason text, exactly. */
    static BuiltinReduceException invalidValue(String reason) {
        // a throw, not a crash: CouchDB reports it the same way whenever it happens
        return new BuiltinReduceException("invalid_value", reason, "invalid_value", false);
    }

    /** An Erlang {@code case_clause} crash on {@code term}, given as {@code couch_util:to_binary} prints it. */
    static BuiltinReduceException caseClause(String printedTerm, String termAsWritten) {
        return new BuiltinReduceException("case_clause", printedTerm, "{case_clause," + termAsWritten + "}", false);
    }

    /** An Erlang crash whose reason CouchDB gives as a stack trace; {@code description} says what crashed. */
    static BuiltinReduceException crash(String error, String description) {
        return new BuiltinReduceException(error, description, error, true);
    }

    /** The HTTP status of the failed view query. */
    public int status() {
        return status;
    }

    /** The body's {@code error}. */
    public String error() {
        return error;
    }

    /** The body's {@code reason}. */
    public String reason() {
        return reason;
    }

    /** {@code {"error":..., "reason":...}}, as CouchDB sends it (without its {@code "ref"}). */
    public ObjectNode body() {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("error", error);
        body.put("reason", reason);
        return body;
    }

    /** Whether CouchDB's reason is an Erlang stack trace, which {@link #reason()} does not reproduce. */
    public boolean reasonIsStackTrace() {
        return reasonIsStackTrace;
    }

    /**
     * The {@code error} CouchDB reports when this happens while it builds the index: the same as {@link #error()}
     * for {@code invalid_value}, the crash term for crashes (whose reason is then a stack trace).
     */
    public String indexBuildError() {
        return indexBuildError;
    }
}
