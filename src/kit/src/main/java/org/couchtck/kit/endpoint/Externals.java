package org.couchtck.kit.endpoint;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What the cases of CouchDB's Externals API (OS daemons, the HTTP proxy, {@code _external} handlers) find around the
 * endpoint: which of the kit's handlers and programs it has, the kit's backend and, for an endpoint the kit started,
 * its ini file. A case that needs a feature listed in {@link #absent()} is NA with the reason given there.
 *
 * @param absent feature ({@link #FEATURES}) to why the endpoint lacks it, in words for the NA line
 * @param backend the kit's backend ({@link Recipient#BACKEND}); present unless {@link #BACKEND} is absent
 * @param ini the endpoint's ini file ({@link Recipient#INI}); present unless {@link #INI} is absent
 * @param variables the values of {@link #VARIABLES} the cases use; all of them unless {@link #BACKEND} is absent
 */
public record Externals(Map<String, String> absent, Optional<StandIn> backend, Optional<StandIn> ini,
        Map<String, String> variables) {

    /** The kit runs its backend, the WireMock server the proxy forwards to and the kit's daemons report to. */
    public static final String BACKEND = "externals.backend";
    /** The endpoint proxies {@code /_couchtck_proxy}, {@code /_couchtck_proxy_prefix} and {@code /_couchtck_proxy_down}. */
    public static final String PROXY = "externals.proxy";
    /** The endpoint runs the kit's daemon {@code couchtck_daemon} and proxies {@code /_couchtck_daemon} to it. */
    public static final String DAEMONS = "externals.daemons";
    /** The endpoint sends {@code /db/_couchtck_external} to the kit's handler {@code couchtck_external}. */
    public static final String EXTERNAL = "externals.external";
    /** The kit wrote the endpoint's ini file and may change it while the endpoint runs. */
    public static final String INI = "externals.ini";
    /** Every feature, in the order the README explains them. */
    public static final List<String> FEATURES = List.of(BACKEND, PROXY, DAEMONS, EXTERNAL, INI);

    /** The backend's base URL, {@code http://127.0.0.1:PORT}. */
    public static final String BACKEND_URL = "backend";
    /** The command line of the kit's daemon that serves HTTP on the port its config section names. */
    public static final String PROXIED_DAEMON = "program_proxied_daemon";
    /** The command line of the kit's daemon that reports its boot to a URL and then stays or exits. */
    public static final String BOOT_REPORTER = "program_boot_reporter";
    /** The command line of the kit's {@code _external} handler that echoes requests or replies as asked. */
    public static final String SCRIPTED_EXTERNAL = "program_scripted_external";
    /** The variables every case may use; a case that does lists {@link #BACKEND} among its capabilities. */
    public static final Set<String> VARIABLES = Set.of(BACKEND_URL, PROXIED_DAEMON, BOOT_REPORTER,
            SCRIPTED_EXTERNAL);

    public Externals {
        absent = Map.copyOf(absent);
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(ini, "ini");
        variables = Map.copyOf(variables);
        if (!FEATURES.containsAll(absent.keySet())) {
            throw new IllegalArgumentException("not features of the Externals API: " + absent.keySet());
        }
        if (!absent.containsKey(BACKEND) && (backend.isEmpty() || !variables.keySet().equals(VARIABLES))) {
            throw new IllegalArgumentException("a run with the kit's backend has it and every variable");
        }
        if (!absent.containsKey(INI) && ini.isEmpty()) {
            throw new IllegalArgumentException("a run with the endpoint's ini has it");
        }
    }

    /** Nothing of the Externals API: every feature absent, for {@code why}. */
    public static Externals none(String why) {
        Map<String, String> absent = new LinkedHashMap<>();
        FEATURES.forEach(feature -> absent.put(feature, why));
        return new Externals(absent, Optional.empty(), Optional.empty(), Map.of());
    }

    /** Why the endpoint lacks {@code feature}, or empty when it has it (or it is not a feature of these). */
    public Optional<String> whyAbsent(String feature) {
        return Optional.ofNullable(absent.get(feature));
    }
}
