package org.couchtck.kit.endpoint.externals;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What an endpoint must be configured with for the Externals API cases: the kit's handlers, daemon and {@code
 * _external} handler, by the names the cases use, with the kit's backend and the ports the kit's daemons serve on.
 * The kit writes it into the ini of the reference endpoint it starts; a user puts it into a CouchDB 2.2 or earlier
 * ({@code couchtck externals-ini} prints it).
 *
 * @param backend the kit's backend, {@code http://127.0.0.1:PORT}
 * @param daemonPort where the daemon {@value #DAEMON} serves HTTP
 * @param latePort where the daemon {@value #LATE} serves when a case adds it to {@code [os_daemons]}
 * @param downPort a port nothing listens on: the backend of {@value #PROXY_DOWN}
 */
public record ExternalsConfig(URI backend, int daemonPort, int latePort, int downPort) {

    /** Proxies everything below it to the backend. */
    public static final String PROXY = "_couchtck_proxy";
    /** Proxies to the backend's {@code /prefix/}: a destination with a path (and a trailing slash). */
    public static final String PROXY_PREFIX = "_couchtck_proxy_prefix";
    /** Proxies to {@link #downPort()}, where nothing listens. */
    public static final String PROXY_DOWN = "_couchtck_proxy_down";
    /** The OS daemon that runs from boot, and its config section. */
    public static final String DAEMON = "couchtck_daemon";
    /** The proxy to {@value #DAEMON}. */
    public static final String DAEMON_HANDLER = "_couchtck_daemon";
    /** The config section of a daemon the cases add and remove while the endpoint runs. */
    public static final String LATE = "couchtck_late";
    /** The proxy to {@value #LATE}. */
    public static final String LATE_HANDLER = "_couchtck_late";
    /** The {@code [external]} handler, and the database handler that sends requests to it. */
    public static final String EXTERNAL = "couchtck_external";
    public static final String EXTERNAL_HANDLER = "_couchtck_external";
    /** A database handler naming an {@code [external]} handler that is not configured. */
    public static final String EXTERNAL_MISSING_HANDLER = "_couchtck_external_missing";
    public static final String MISSING = "couchtck_missing";
    /** How often and how fast a daemon may die before it is halted; a JVM's boots fit well within the time. */
    public static final int MAX_RETRIES = 3;
    public static final int RETRY_SECONDS = 30;

    /** The sections to configure, in the order an ini lists them; {@code late}: also {@value #LATE}'s. */
    public Map<String, Map<String, String>> sections(boolean late) {
        Map<String, Map<String, String>> sections = new LinkedHashMap<>();
        Map<String, String> global = new LinkedHashMap<>();
        global.put(PROXY, proxy(backend.toString()));
        global.put(PROXY_PREFIX, proxy(backend + "/prefix/"));
        global.put(PROXY_DOWN, proxy("http://127.0.0.1:" + downPort));
        global.put(DAEMON_HANDLER, proxy("http://127.0.0.1:" + daemonPort));
        if (late) {
            global.put(LATE_HANDLER, proxy("http://127.0.0.1:" + latePort));
        }
        sections.put("httpd_global_handlers", global);
        Map<String, String> db = new LinkedHashMap<>();
        db.put(EXTERNAL_HANDLER, external(EXTERNAL));
        db.put(EXTERNAL_MISSING_HANDLER, external(MISSING));
        sections.put("httpd_db_handlers", db);
        sections.put("external", Map.of(EXTERNAL, KitPrograms.scriptedExternal()));
        sections.put("os_daemons", Map.of(DAEMON, KitPrograms.proxiedDaemon(DAEMON)));
        sections.put(DAEMON, daemonSection(daemonPort));
        if (late) {
            sections.put(LATE, daemonSection(latePort));
        }
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("max_retries", Integer.toString(MAX_RETRIES));
        settings.put("retry_time", Integer.toString(RETRY_SECONDS));
        sections.put("os_daemon_settings", settings);
        return sections;
    }

    /** The sections as ini text. */
    public String text(boolean late) {
        StringBuilder text = new StringBuilder();
        sections(late).forEach((name, values) -> {
            text.append(text.isEmpty() ? "" : "\n").append('[').append(name).append("]\n");
            values.forEach((key, value) -> text.append(key).append(" = ").append(value).append('\n'));
        });
        return text.toString();
    }

    private Map<String, String> daemonSection(int port) {
        Map<String, String> section = new LinkedHashMap<>();
        section.put("port", Integer.toString(port));
        section.put("witness", backend.toString());
        return section;
    }

    /** The handler value that proxies to {@code url} (couch_httpd_proxy:handle_proxy_req). */
    static String proxy(String url) {
        return "{couch_httpd_proxy, handle_proxy_req, <<\"" + url + "\">>}";
    }

    /** The handler value that sends to the {@code [external]} handler {@code name}. */
    static String external(String name) {
        return "{couch_httpd_external, handle_external_req, <<\"" + name + "\">>}";
    }
}
