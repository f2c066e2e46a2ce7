package org.couchtck.kit.queryserver;

import java.util.ArrayList;
import java.util.List;
import org.couchtck.reference.queryserver.QueryServer;
import org.couchtck.reference.queryserver.QueryServerOptions;
import org.couchtck.reference.queryserver.Response;

/**
 * The reference query server in this JVM, as the oracle of the generated suites. One instance lives across
 * sessions, as a CouchDB process does (every generated session starts with a reset); after a line that ends the
 * process a new one starts.
 */
public final class ReferenceOracle implements AutoCloseable {

    private QueryServer server;

    /** What the reference answers to {@code line}. */
    public Response answer(String line) {
        if (server == null || server.hasExited()) {
            closeServer();
            server = new QueryServer(QueryServerOptions.defaults());
        }
        return server.handle(line);
    }

    /** The answers of a brand-new reference process to {@code lines}, up to the line after which it exits. */
    public static List<Response> freshAnswers(List<String> lines) {
        List<Response> answers = new ArrayList<>();
        try (QueryServer fresh = new QueryServer(QueryServerOptions.defaults())) {
            for (String line : lines) {
                Response response = fresh.handle(line);
                answers.add(response);
                if (response.exits()) {
                    break;
                }
            }
        }
        return answers;
    }

    private void closeServer() {
        if (server != null) {
            server.close();
            server = null;
        }
    }

    @Override
    public void close() {
        closeServer();
    }
}
