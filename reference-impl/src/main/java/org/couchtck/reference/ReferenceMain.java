package org.couchtck.reference;

import org.couchtck.reference.endpoint.EndpointMain;
import org.couchtck.reference.queryserver.CouchDbSetup;
import org.couchtck.reference.queryserver.QueryServerMain;

/**
 * The jar's entry point: {@code serve ...} starts the HTTP endpoint, {@code couchdb-setup ...} sets the query server up
 * for a CouchDB; anything else (CouchDB starts a query server with no arguments) runs the stdio query server.
 */
public final class ReferenceMain {

    private ReferenceMain() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("serve")) {
            EndpointMain.main(java.util.Arrays.copyOfRange(args, 1, args.length));
        } else if (args.length > 0 && args[0].equals("couchdb-setup")) {
            System.exit(CouchDbSetup.run(java.util.Arrays.copyOfRange(args, 1, args.length), System.out, System.err));
        } else {
            QueryServerMain.main(args);
        }
    }
}
