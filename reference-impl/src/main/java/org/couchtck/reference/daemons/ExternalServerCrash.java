package org.couchtck.reference.daemons;

import org.couchtck.reference.erlang.ErlangTermFormatter;

/**
 * An {@code _external} request that crashed CouchDB 2.2.0's couch_external_server: what couch_os_process threw for the
 * reply (a timeout, the process exiting, a line that did not scan, an {@code ["error",...]} or {@code ["fatal",...]}
 * command). couch_os_process:prompt rethrows it inside the server's handle_call, which gen_server takes for a bad
 * return value: the server dies, and the HTTP request with it.
 */
public final class ExternalServerCrash extends RuntimeException {

    private final transient Object term;

    ExternalServerCrash(Object term) {
        super(ErlangTermFormatter.print(term, 0), null, false, false);
        this.term = term;
    }

    /** The thrown term as Erlang prints it with {@code ~p}, e.g. {@code {os_process_error,{exit_status,3}}}. */
    public String term() {
        return getMessage();
    }

    /** The reason the server died with, printed: {@code {bad_return_value,Term}}. */
    public String exitReason() {
        return ErlangTermFormatter.print(ErlangTermFormatter.Tuple.of("bad_return_value", term), 0);
    }
}
