package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import org.couchtck.reference.views.IndexerTask;
import org.couchtck.reference.views.ViewIndexes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import org.couchtck.reference.store.Store;

/** The server-wide requests: {@code /}, {@code _up}, {@code _all_dbs}, {@code _uuids}, {@code _session}. */
final class ServerRoutes {

    static final String VERSION = "3.5.2";

    private final Store store;
    private final Authenticator authenticator;
    private final String serverUuid = UUID.randomUUID().toString().replace("-", "");

    private final ViewIndexes viewIndexes;

    ServerRoutes(Store store, Authenticator authenticator, ViewIndexes viewIndexes) {
        this.store = store;
        this.authenticator = authenticator;
        this.viewIndexes = viewIndexes;
    }

    void root(ApiRequest request, ApiResponse response) throws IOException {
        Methods.allow(request, "GET,HEAD");
        ObjectNode body = Json.object();
        body.put("couchdb", "Welcome");
        body.put("version", VERSION);
        body.put("git_sha", "couchtck");
        body.put("uuid", serverUuid);
        ArrayNode features = body.putArray("features");
        features.add("access-ready").add("partitioned").add("pluggable-storage-engines").add("reshard")
                .add("scheduler");
        body.putObject("vendor").put("name", "couchtck reference endpoint");
        response.json(200, body);
    }

    /** The cluster's nodes (chttpd_misc: admins only): the simulated ones, or the one node. */
    void membership(ApiRequest request, ApiResponse response) throws IOException {
        Methods.allow(request, "GET,HEAD");
        Access.requireAdmin(request);
        List<String> nodes = store.layout().isCluster() ? store.layout().nodeNames() : List.of("couchdb@127.0.0.1");
        ObjectNode body = Json.object();
        nodes.forEach(body.putArray("all_nodes")::add);
        nodes.forEach(body.putArray("cluster_nodes")::add);
        response.json(200, body);
    }

    void up(ApiRequest request, ApiResponse response) throws IOException {
        Methods.allow(request, "GET,HEAD");
        ObjectNode body = Json.object();
        body.put("status", "ok");
        body.putObject("seeds");
        response.json(200, body);
    }

    void allDbs(ApiRequest request, ApiResponse response) throws IOException {
        Methods.allow(request, "GET,HEAD");
        Access.requireAdmin(request);
        ViewRange range = ViewRange.from(request);
        List<String> all = new ArrayList<>(store.names());
        if (range.descending()) {
            Collections.reverse(all);
        }
        ArrayNode names = Json.MAPPER.createArrayNode();
        long skipped = 0;
        for (String name : all) {
            if (!range.inRange(name)) {
                continue;
            }
            if (skipped < range.skip()) {
                skipped++;
                continue;
            }
            if (names.size() >= range.limit()) {
                break;
            }
            names.add(name);
        }
        // chttpd streams _all_dbs, as it does every listing
        ApiResponse.Stream stream = response.stream(200, ApiResponse.JSON_TYPE);
        stream.write(Json.write(names) + "\n");
        stream.end();
    }

    void activeTasks(ApiRequest request, ApiResponse response) throws IOException {
        Methods.allow(request, "GET,HEAD");
        Access.requireAdmin(request);
        ArrayNode tasks = Json.MAPPER.createArrayNode();
        for (IndexerTask task : viewIndexes.tasks()) {
            ObjectNode json = tasks.addObject();
            json.put("node", NodeConfig.NODE);
            json.put("pid", "<0.0.0>");
            json.put("process_status", "waiting");
            json.put("changes_done", task.changesDone());
            // CouchDB names the shard file; the reference has one unsharded copy, named like q=1's shard
            json.put("database", "shards/00000000-ffffffff/" + task.database());
            json.put("design_document", task.designDocument());
            json.put("indexer_pid", "<0.0.0>");
            json.put("progress", task.progress());
            json.put("started_on", task.startedOnSeconds());
            json.put("total_changes", task.totalChanges());
            json.put("type", "indexer");
            json.put("updated_on", task.updatedOnSeconds());
        }
        response.json(200, tasks);
    }

    void uuids(ApiRequest request, ApiResponse response) throws IOException {
        response.withoutRequestHeaders();
        Methods.allow(request, "GET");
        int count = request.param("count").map(ServerRoutes::count).orElse(1);
        ObjectNode body = Json.object();
        ArrayNode uuids = body.putArray("uuids");
        for (int i = 0; i < count; i++) {
            uuids.add(UUID.randomUUID().toString().replace("-", ""));
        }
        response.header("ETag", "\"" + UUID.randomUUID().toString().replace("-", "") + "\"");
        response.json(200, body);
    }

    private static int count(String text) {
        try {
            int n = Integer.parseInt(text);
            if (n > 1000) {
                throw CouchError.badRequest("count parameter too large");
            }
            return Math.max(n, 0);
        } catch (NumberFormatException e) {
            throw CouchError.badRequest("Invalid count parameter");
        }
    }

    void session(ApiRequest request, ApiResponse response) throws IOException {
        response.withoutRequestHeaders();
        switch (request.method()) {
            case "GET", "HEAD" -> response.json(200, sessionInfo(request.user(),
                    request.header("Authorization").isPresent() ? "default" : "cookie"));
            case "POST" -> login(request, response);
            case "DELETE" -> {
                authenticator.closeSession(request.header("Cookie"));
                response.header("Set-Cookie", Authenticator.COOKIE + "=; Version=1; Path=/; HttpOnly");
                ObjectNode ok = Json.object();
                ok.put("ok", true);
                response.json(200, ok);
            }
            default -> throw CouchError.methodNotAllowed("GET,HEAD,POST,DELETE");
        }
    }

    private void login(ApiRequest request, ApiResponse response) throws IOException {
        String name;
        String password;
        String type = request.header("Content-Type").orElse("");
        if (type.startsWith("application/x-www-form-urlencoded")) {
            ApiRequest form = new ApiRequest("POST", "/", new String(request.body(),
                    java.nio.charset.StandardCharsets.UTF_8), java.util.Map.of(), new byte[0], request.user());
            name = form.param("name").orElse(null);
            password = form.param("password").orElse(null);
        } else {
            JsonNode body = request.jsonBody();
            name = body.path("name").asText(null);
            password = body.path("password").asText(null);
        }
        if (name == null || password == null) {
            throw Authenticator.unauthorized();
        }
        UserContext user = authenticator.check(name, password).orElseThrow(Authenticator::unauthorized);
        String token = authenticator.openSession(user);
        response.header("Set-Cookie", Authenticator.COOKIE + "=" + token + "; Version=1; Path=/; HttpOnly");
        ObjectNode body = Json.object();
        body.put("ok", true);
        body.put("name", user.name());
        ArrayNode roles = body.putArray("roles");
        user.roles().forEach(roles::add);
        response.json(200, body);
    }

    private static ObjectNode sessionInfo(UserContext user, String authenticated) {
        ObjectNode body = Json.object();
        body.put("ok", true);
        body.set("userCtx", user.toJson());
        ObjectNode info = body.putObject("info");
        info.putArray("authentication_handlers").add("cookie").add("default");
        if (user.name() != null) {
            info.put("authenticated", authenticated);
        }
        return body;
    }
}
