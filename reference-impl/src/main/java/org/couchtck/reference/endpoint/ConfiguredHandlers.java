package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import org.couchtck.reference.erlang.ErlangTermFormatter.Tuple;
import org.couchtck.reference.erlang.ErlangTermParser;

/**
 * What {@code [httpd_global_handlers]} (by a path's first segment, {@code /} for the root) and {@code
 * [httpd_db_handlers]} (by the segment after a database) say about a request, read from the node's config on every
 * request, the value an Erlang term as couch_httpd:make_arity_N_fun reads it: {@code {Module, Function}} or {@code
 * {Module, Function, Arg}}.
 *
 * <p>The reference serves two of CouchDB 2.2.0's configurable handlers: {@code couch_httpd_proxy:handle_proxy_req}
 * (global, with the destination URL) and {@code couch_httpd_external:handle_external_req} or its chttpd_external twin
 * (per database, with the {@code [external]} name, or without one for {@code /db/_external/name/...}). Any other
 * function of those modules does not exist for CouchDB ({@code undef}); any other module of CouchDB's own (couch*,
 * chttpd*) is one whose paths the reference serves its own way or not at all; any other module does not exist. A
 * value that is not such a term is one CouchDB's listener refused to start with; the reference answers it 500.
 */
final class ConfiguredHandlers {

    static final String GLOBAL = "httpd_global_handlers";
    static final String DB = "httpd_db_handlers";

    /** A configured handler for a path. */
    sealed interface Handler permits Proxy, External, Failure, Native {}

    /**
     * couch_httpd_proxy:handle_proxy_req with its destination; {@code binary} when it was written {@code <<"...">>}
     * rather than {@code "..."} (the two differ for relative destinations).
     */
    record Proxy(String destination, boolean binary) implements Handler {}

    /** handle_external_req of {@code builder}'s module; the name is the path's third segment when none is given. */
    record External(Optional<String> name, DesignRequests.Builder builder) implements Handler {}

    /** What CouchDB answers instead of running the handler. */
    record Failure(int status, String error, String reason) implements Handler {
        CouchError toError() {
            return new CouchError(status, error, reason);
        }
    }

    /** A CouchDB handler the reference does not take from config: its own routes serve the path. */
    record Native() implements Handler {}

    private static final String PROXY_MODULE = "couch_httpd_proxy";
    private static final String EXTERNAL_FUNCTION = "handle_external_req";
    private static final List<String> SERVED_MODULES = List.of(PROXY_MODULE, "couch_httpd_external",
            "chttpd_external");

    private final NodeConfig config;

    ConfiguredHandlers(NodeConfig config) {
        this.config = config;
    }

    /** The handler of {@code key}, a path's first segment as sent ({@code /} for the root), if one is configured. */
    Optional<Handler> global(String key) {
        return config.get(GLOBAL, key).map(value -> classify(GLOBAL, key, value));
    }

    /** The handler of {@code key}, the decoded segment after a database name, if one is configured. */
    Optional<Handler> db(String key) {
        return config.get(DB, key).map(value -> classify(DB, key, value));
    }

    private static Handler classify(String section, String key, String value) {
        Object term;
        try {
            term = ErlangTermParser.parse(value);
        } catch (IllegalArgumentException e) {
            return malformed(section, key, value);
        }
        if (!(term instanceof Tuple tuple) || tuple.elements().size() < 2 || tuple.elements().size() > 3) {
            return malformed(section, key, value);
        }
        List<?> parts = tuple.elements();
        if (!(parts.get(0) instanceof String module) || !(parts.get(1) instanceof String function)) {
            // Mod:Fun(...) with a module or function that is no atom
            return new Failure(500, "unknown_error", "badarg");
        }
        Optional<Object> arg = parts.size() == 3 ? Optional.of(parts.get(2)) : Optional.empty();
        if (section.equals(GLOBAL) && module.equals(PROXY_MODULE) && function.equals("handle_proxy_req")
                && arg.isPresent()) {
            return proxy(key, arg.get());
        }
        if (section.equals(DB) && !module.equals(PROXY_MODULE) && SERVED_MODULES.contains(module)
                && function.equals(EXTERNAL_FUNCTION)) {
            DesignRequests.Builder builder = module.equals("chttpd_external")
                    ? DesignRequests.Builder.CHTTPD_2_2 : DesignRequests.Builder.COUCH_HTTPD_2_2;
            if (arg.isEmpty()) {
                return new External(Optional.empty(), builder);
            }
            // binary_to_list(Name): a string or anything else is badarg
            if (!(arg.get() instanceof JsonNode name && name.isTextual())) {
                return new Failure(500, "unknown_error", "badarg");
            }
            return new External(Optional.of(name.textValue()), builder);
        }
        if (SERVED_MODULES.contains(module) || !(module.startsWith("couch") || module.startsWith("chttpd"))) {
            return new Failure(500, "unknown_error", "undef");
        }
        return new Native();
    }

    private static Handler proxy(String key, Object destination) {
        if (key.equals("/")) {
            // get_url takes hd(path_parts) of a path with none
            return new Failure(500, "unknown_error", "badarg");
        }
        Optional<String> url = ErlangTermParser.chars(destination);
        if (url.isEmpty()) {
            return new Failure(500, "unknown_error", "function_clause");
        }
        return new Proxy(url.get(), destination instanceof JsonNode);
    }

    private static Failure malformed(String section, String key, String value) {
        return new Failure(500, "unknown_error", "[" + section + "] " + key + " = " + value
                + " is no {Module, Function} or {Module, Function, Arg} term: CouchDB's HTTP listener would not start");
    }
}
