package org.couchtck.kit.endpoint.externals;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.endpoint.EndpointTarget;
import org.couchtck.kit.endpoint.Externals;
import org.couchtck.kit.endpoint.HttpReply;
import org.couchtck.kit.wire.WireJson;

/**
 * Finds out, from an endpoint's configuration, which of the kit's handlers and programs ({@link ExternalsConfig})
 * a server the kit did not start has: {@code GET /_node/_local/_config/SECTION} (CouchDB 2 and later), else {@code
 * GET /_config/SECTION} (CouchDB 1). A feature it lacks is absent with a reason that says what is missing and, for a
 * CouchDB 3 or later (which removed these handlers and refuses their sections over HTTP), that this is expected.
 * A CouchDB whose welcome ({@code GET /}) names a version whose own {@code _external} support is broken (2.1 to 2.3)
 * lacks the {@code _external} feature, saying why.
 */
public final class ExternalsProbe {

    /** The sections the probe reads. */
    static final List<String> SECTIONS = List.of("httpd_global_handlers", "httpd_db_handlers", "os_daemons",
            "external", ExternalsConfig.DAEMON);
    private static final CouchDbVersion EXTERNALS_BROKEN_FROM = new CouchDbVersion(2, 1, 0);
    private static final CouchDbVersion EXTERNALS_REMOVED_IN = new CouchDbVersion(3, 0, 0);
    private static final Pattern LEADING_VERSION = Pattern.compile("\\d{1,4}\\.\\d{1,4}(\\.\\d{1,4})?");
    private static final Pattern PROXY_URL = Pattern.compile("<<\"(http://[^\"]+?)/*\">>");

    /**
     * What the probe found.
     *
     * @param absent feature to why the endpoint lacks it ({@link Externals#INI} always: the kit did not write its ini)
     * @param backend where the endpoint's configuration expects the kit's backend, when it names one
     */
    public record Found(Map<String, String> absent, Optional<URI> backend) {}

    private final EndpointTarget target;
    private final Duration timeout;

    public ExternalsProbe(EndpointTarget target, Duration timeout) {
        this.target = target;
        this.timeout = timeout;
    }

    /** Reads the endpoint's configuration and says what it has. */
    public Found probe() throws InterruptedException {
        Map<String, JsonNode> sections = new LinkedHashMap<>();
        for (String section : SECTIONS) {
            Optional<JsonNode> values;
            try {
                values = section(section);
            } catch (IOException e) {
                return nothing("configuration could not be read (" + e.getMessage() + ")");
            }
            if (values.isEmpty()) {
                return nothing("configuration could not be read: neither GET /_node/_local/_config/" + section
                        + " nor GET /_config/" + section + " answered 200 with an object (the kit reads it as the "
                        + "admin)");
            }
            sections.put(section, values.get());
        }
        JsonNode global = sections.get("httpd_global_handlers");
        JsonNode db = sections.get("httpd_db_handlers");
        Map<String, String> absent = new LinkedHashMap<>();
        String removed = " (CouchDB 3.0 removed the proxy, OS daemons and _external handlers; configure a CouchDB "
                + "2.2 or earlier with `couchtck externals-ini`)";
        List<String> proxies = List.of(ExternalsConfig.PROXY, ExternalsConfig.PROXY_PREFIX,
                ExternalsConfig.PROXY_DOWN);
        missing(global, "httpd_global_handlers", proxies).ifPresent(why -> absent.put(Externals.PROXY, why + removed));
        Optional<String> daemon = missing(global, "httpd_global_handlers", List.of(ExternalsConfig.DAEMON_HANDLER))
                .or(() -> missing(sections.get("os_daemons"), "os_daemons", List.of(ExternalsConfig.DAEMON)));
        daemon.ifPresent(why -> absent.put(Externals.DAEMONS, why + removed));
        Optional<String> external = missing(db, "httpd_db_handlers", List.of(ExternalsConfig.EXTERNAL_HANDLER,
                ExternalsConfig.EXTERNAL_MISSING_HANDLER))
                .or(() -> missing(sections.get("external"), "external", List.of(ExternalsConfig.EXTERNAL)));
        Optional<String> externalsAbsent = external.isPresent() ? external.map(why -> why + removed)
                : brokenExternals();
        externalsAbsent.ifPresent(why -> absent.put(Externals.EXTERNAL, why));
        Optional<URI> backend = proxyUrl(global.path(ExternalsConfig.PROXY))
                .or(() -> text(sections.get(ExternalsConfig.DAEMON).path("witness")).map(URI::create));
        if (backend.isEmpty()) {
            absent.put(Externals.BACKEND, "the endpoint's configuration names no backend of the kit (neither "
                    + ExternalsConfig.PROXY + " in [httpd_global_handlers] nor [" + ExternalsConfig.DAEMON
                    + "] witness)" + removed);
        }
        absent.put(Externals.INI, "the kit did not start this endpoint, so it cannot change its ini while it runs "
                + "(only the reference endpoint the kit starts)");
        return new Found(absent, backend);
    }

    /**
     * Why the endpoint's {@code _external} handlers cannot be judged, when its welcome ({@code GET /}) names a
     * CouchDB whose own couch_external_server breaks them: its handle_call/3 for a request returns a state of three
     * elements that every later call matches as four, so a handler's second request crashes it (function_clause), and
     * a few crashes take the node down with it. Every CouchDB from 2.1.0 on has that code, until 3.0 removed it.
     */
    private Optional<String> brokenExternals() throws InterruptedException {
        Optional<CouchDbVersion> version;
        try {
            HttpReply welcome = target.send(target.adminCall("GET", "/", timeout));
            version = WireJson.tryParse(welcome.body()).map(body -> body.path("version"))
                    .filter(JsonNode::isTextual).flatMap(text -> parsed(text.textValue()));
        } catch (IOException e) {
            // no welcome to read: nothing known against the handlers
            return Optional.empty();
        }
        return version.filter(v -> v.atLeast(EXTERNALS_BROKEN_FROM) && !v.atLeast(EXTERNALS_REMOVED_IN))
                .map(v -> "the endpoint is CouchDB " + v + ", whose couch_external_server crashes on a handler's "
                        + "second request (CouchDB " + EXTERNALS_BROKEN_FROM + " to 2.3.1: a state of three elements "
                        + "matched as four, function_clause) and whose node goes down after a few such crashes: "
                        + "the cases would judge CouchDB's bug, not the handler (run them against a CouchDB 1.x or "
                        + "the reference)");
    }

    /** The version a welcome names, its suffix ({@code -RC1}, a build's) left out. */
    private static Optional<CouchDbVersion> parsed(String text) {
        Matcher leading = LEADING_VERSION.matcher(text);
        return leading.lookingAt() ? Optional.of(CouchDbVersion.parse(leading.group())) : Optional.empty();
    }

    private Found nothing(String why) {
        Map<String, String> absent = new LinkedHashMap<>();
        Externals.FEATURES.forEach(feature -> absent.put(feature, "the endpoint's " + why));
        absent.put(Externals.INI, "the kit did not start this endpoint, so it cannot change its ini while it runs "
                + "(only the reference endpoint the kit starts)");
        return new Found(absent, Optional.empty());
    }

    /** Why {@code section} lacks one of {@code keys}, if it does. */
    private static Optional<String> missing(JsonNode section, String name, List<String> keys) {
        for (String key : keys) {
            if (!section.path(key).isTextual()) {
                return Optional.of("the endpoint has no " + key + " in [" + name + "]");
            }
        }
        return Optional.empty();
    }

    /** The destination of a couch_httpd_proxy handler, without trailing slashes. */
    static Optional<URI> proxyUrl(JsonNode handler) {
        Optional<String> value = text(handler);
        if (value.isEmpty() || !value.get().contains("couch_httpd_proxy")) {
            return Optional.empty();
        }
        Matcher url = PROXY_URL.matcher(value.get());
        return url.find() ? Optional.of(URI.create(url.group(1))) : Optional.empty();
    }

    private static Optional<String> text(JsonNode value) {
        return value != null && value.isTextual() ? Optional.of(value.textValue().strip()) : Optional.empty();
    }

    /** The values of {@code section}: from the 2.x path, else the 1.x one; empty when neither gives an object. */
    private Optional<JsonNode> section(String section) throws IOException, InterruptedException {
        for (String path : List.of("/_node/_local/_config/" + section, "/_config/" + section)) {
            HttpReply reply = target.send(target.adminCall("GET", path, timeout));
            if (reply.status() == 200) {
                Optional<JsonNode> values = WireJson.tryParse(reply.body());
                if (values.isPresent() && values.get().isObject()) {
                    return values;
                }
            }
        }
        return Optional.empty();
    }
}
