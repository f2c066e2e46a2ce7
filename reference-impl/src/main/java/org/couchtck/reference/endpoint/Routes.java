package org.couchtck.reference.endpoint;

import java.io.IOException;

/** Where a request goes, by its first path segments; each route checks its own methods and access. */
final class Routes {

    private final ServerRoutes server;
    private final DatabaseRoutes databases;
    private final DocumentRoutes documents;
    private final ChangesRoute changes;
    private final DbUpdatesRoute dbUpdates;
    private final NodeConfig config;
    private final ViewRoute views;
    private final DesignFunctionRoutes designFunctions;
    private final RewriteRoute rewrites;
    private final ConfiguredRoutes configured;

    Routes(ServerRoutes server, DatabaseRoutes databases, DocumentRoutes documents, ChangesRoute changes,
            DbUpdatesRoute dbUpdates, NodeConfig config, ViewRoute views, DesignFunctionRoutes designFunctions,
            RewriteRoute rewrites, ConfiguredRoutes configured) {
        this.configured = configured;
        this.rewrites = rewrites;
        this.designFunctions = designFunctions;
        this.config = config;
        this.views = views;
        this.server = server;
        this.databases = databases;
        this.documents = documents;
        this.changes = changes;
        this.dbUpdates = dbUpdates;
    }

    void handle(ApiRequest request, ApiResponse response) throws IOException {
        if (configured.serveGlobal(request, response)) {
            return;
        }
        String first = request.segment(0);
        if (first == null) {
            server.root(request, response);
            return;
        }
        if (first.startsWith("_") && !databases.isSystemDatabase(first)) {
            switch (first) {
                case "_up" -> server.up(request, response);
                case "_membership" -> server.membership(request, response);
                case "_all_dbs" -> server.allDbs(request, response);
                case "_uuids" -> server.uuids(request, response);
                case "_session" -> server.session(request, response);
                case "_active_tasks" -> server.activeTasks(request, response);
                case "_db_updates" -> dbUpdates.handle(request, response);
                case "_node" -> config.handle(request, response);
                default -> databases.handleDatabase(request, response);
            }
            return;
        }
        String second = request.segment(1);
        if (second == null) {
            databases.handleDatabase(request, response);
            return;
        }
        if (configured.serveDb(request, response)) {
            return;
        }
        switch (second) {
            case "_changes" -> changes.handle(request, response);
            case "_bulk_docs" -> databases.bulkDocs(request, response);
            case "_all_docs", "_design_docs", "_local_docs" -> databases.allDocs(request, response);
            case "_security" -> databases.security(request, response);
            case "_design" -> {
                if (request.segment(2) != null && "_rewrite".equals(request.segment(3))) {
                    // the rewritten request starts over here, as chttpd:handle_request_int does
                    rewrites.handle(request, response, this::handle);
                } else if (request.segment(2) != null && ViewRoute.serves(request.segment(3))) {
                    views.handle(request, response);
                } else if (request.segment(2) != null && DesignFunctionRoutes.serves(request.segment(3))) {
                    designFunctions.handle(request, response);
                } else {
                    documents.handle(request, response, second + "/" + orEmpty(request.segment(2)), 3);
                }
            }
            case "_local" -> documents.handle(request, response, second + "/" + orEmpty(request.segment(2)), 3);
            default -> documents.handle(request, response, second, 2);
        }
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }
}
