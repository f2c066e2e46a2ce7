package org.couchtck.reference.ken;

/**
 * How a build tells ken it ended: exactly one call, from any thread (ken hands it to its scheduler). CouchDB's ken
 * waits on the index with {@code couch_index:get_state(Index, Seq)}: a wait that returns, whatever it returns, is
 * {@link #completed()}; a wait whose process dies is {@link #crashed(Throwable)}.
 */
public interface BuildListener {

    /**
     * The build ended: the index reached the target, or the index answered with an error (a map function that does
     * not compile, a language without a query server), or the database is gone. Ken does not look again on its own.
     */
    void completed();

    /** The build died on the way (the index process crashed): ken looks at the database again 5 s later. */
    void crashed(Throwable cause);
}
