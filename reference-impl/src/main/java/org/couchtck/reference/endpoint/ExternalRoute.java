package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.couchtck.reference.daemons.ExternalServerCrash;
import org.couchtck.reference.daemons.ExternalServers;
import org.couchtck.reference.erlang.ErlangTermFormatter;
import org.couchtck.reference.store.Database;

/**
 * {@code /db/_name[/...]} configured as an {@code _external} handler, as CouchDB 2.2.0 served it
 * (couch_httpd_external:process_external_req): the request object goes as one line to the process of {@code [external]
 * name}, and its reply line is the response. Every failure is answered as CouchDB's code path answered it: a name with
 * no command 404; a reply that does not decode 400; one that is no object 500 {@code function_clause}; a blank line 500
 * {@code badmatch}; a timeout, an exit, a line that does not scan, an error or fatal command 500 with the dead server's
 * {@code {bad_return_value, ...}} as the error.
 */
final class ExternalRoute {

    /** couch_external_server reads {@code [couchdb] os_process_timeout}, 5000 by default. */
    static final long DEFAULT_TIMEOUT_MILLIS = 5_000;
    private static final String NOT_CONFIGURED = "No server configured for ";

    private final DatabaseRoutes databases;
    private final NodeConfig config;
    private final ExternalServers servers;

    ExternalRoute(DatabaseRoutes databases, NodeConfig config, ExternalServers servers) {
        this.databases = databases;
        this.config = config;
        this.servers = servers;
    }

    void handle(ApiRequest request, ApiResponse response, ConfiguredHandlers.External handler) throws IOException {
        // couch_httpd_db:do_db_req opens the database before any handler runs
        Database db = databases.open(request);
        String name = handler.name().orElse(request.segment(2));
        if (name == null) {
            throw new CouchError(404, "external_server_error", "No server name specified.");
        }
        // the request object is built (and the body read) before the manager is asked for the name
        byte[] line = Json.write(DesignRequests.of(request, db, null, handler.builder()))
                .getBytes(StandardCharsets.UTF_8);
        Map<String, String> commands = config.values("external");
        servers.retainOnly(commands);
        String command = commands.get(name);
        if (command == null) {
            throw new CouchError(404, "external_server_error", NOT_CONFIGURED
                    + ErlangTermFormatter.print(byteList(name), NOT_CONFIGURED.length()) + ".");
        }
        Optional<byte[]> reply = prompt(name, command, line);
        if (reply.isEmpty()) {
            // {json, Json} = gen_server:call(...) meets the atom none
            throw new CouchError(500, "badmatch", "none");
        }
        JsonNode resp;
        try {
            resp = Json.MAPPER.readTree(reply.get());
        } catch (IOException e) {
            throw CouchError.badRequest("invalid_json");
        }
        if (resp == null) {
            throw CouchError.badRequest("invalid_json");
        }
        if (!resp.isObject()) {
            throw new CouchError(500, "unknown_error", "function_clause");
        }
        if (handler.builder() == DesignRequests.Builder.COUCH_HTTPD_2_2) {
            // couch_httpd's replies carry none of chttpd's request headers
            response.withoutRequestHeaders();
        }
        ExternalResponse.parse(resp).send(response, ExternalResponse.Sending.PLAIN);
    }

    private Optional<byte[]> prompt(String name, String command, byte[] line) {
        try {
            return servers.prompt(name, command, line, timeout());
        } catch (ExternalServerCrash crash) {
            throw new CouchError(500, crash.exitReason(), "couch_external_server:execute for " + name
                    + " exited: gen_server:call found its server dead");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CouchError(500, "unknown_error", "interrupted");
        } catch (IllegalStateException closing) {
            throw new CouchError(500, "unknown_error", "the endpoint is stopping");
        }
    }

    private Duration timeout() {
        long millis = config.get("couchdb", "os_process_timeout").map(v -> {
            try {
                return Long.parseLong(v.trim());
            } catch (NumberFormatException e) {
                return DEFAULT_TIMEOUT_MILLIS;
            }
        }).orElse(DEFAULT_TIMEOUT_MILLIS);
        return Duration.ofMillis(millis);
    }

    /** binary_to_list(Name): the name's bytes as the Erlang list ~p prints. */
    private static List<JsonNode> byteList(String name) {
        List<JsonNode> out = new ArrayList<>();
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            out.add(JsonNodeFactory.instance.numberNode(b & 0xFF));
        }
        return out;
    }
}
