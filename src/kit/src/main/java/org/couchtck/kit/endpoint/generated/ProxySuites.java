package org.couchtck.kit.endpoint.generated;

import java.util.List;
import java.util.Optional;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.endpoint.HttpCase;

/**
 * The generated proxy suite of the HTTP half: one section, {@code generated-proxy}, with one case, whose examples are
 * requests a seed draws, sent through the endpoint's proxy to the kit's backend ({@link ProxyTransparencyProperty}).
 */
public final class ProxySuites {

    /** The section of the generated proxy case. */
    public static final String SECTION = "generated-proxy";
    /** What goes through the proxy arrives as it was sent, both ways. */
    public static final String TRANSPARENCY = "http.generated-proxy.transparency";

    private static final GeneratedCases CASES = new GeneratedCases(List.of(GeneratedCases.generated(TRANSPARENCY,
            SECTION, Level.MUST, "requests a seed draws (methods; paths and queries with percent-encodings, UTF-8, "
                    + "sub-delimiters, trailing slashes; headers; bodies, chunked and large) reach the backend "
                    + "through /_couchtck_proxy byte for byte, and the backend's status, headers and bodies "
                    + "(chunked and large) come back as it sent them",
            "src/couch/src/couch_httpd_proxy.erl (2.2.0: get_url, get_headers, get_body, stream_response)")));

    private ProxySuites() {}

    /** The generated proxy cases, in run order. */
    public static List<HttpCase> cases() {
        return CASES.all();
    }

    /** The generated proxy case {@code id}, if it is one. */
    public static Optional<HttpCase> find(String id) {
        return CASES.find(id);
    }

    /** Whether {@code testCase} is a generated proxy case rather than a corpus case. */
    public static boolean isGenerated(HttpCase testCase) {
        return CASES.contains(testCase);
    }
}
