package org.couchtck.reference.endpoint;

import java.util.Optional;

/**
 * A URL as ibrowse_lib:parse_url reads it for couch_httpd_proxy: scheme, host (an IPv6 one without its brackets),
 * port (80 or 443 when none is written, for http and https only), and the path with its query and fragment ({@code
 * /} when none is written). Credentials before an {@code @} are read past. {@link #toString} writes it back as
 * couch_httpd_proxy:url_to_url does (the default port left out, credentials dropped).
 */
record ProxyUrl(String protocol, String host, int port, String path, boolean ipv6) {

    static Optional<ProxyUrl> parse(String url) {
        int colon = url.indexOf("://");
        if (colon <= 0) {
            return Optional.empty();
        }
        String protocol = url.substring(0, colon);
        String rest = url.substring(colon + 3);
        int pathStart = firstOf(rest, '/', '?');
        String authority = pathStart < 0 ? rest : rest.substring(0, pathStart);
        String path = pathStart < 0 ? "/" : rest.charAt(pathStart) == '?' ? "/" + rest.substring(pathStart)
                : rest.substring(pathStart);
        int at = authority.lastIndexOf('@');
        if (at >= 0) {
            authority = authority.substring(at + 1);
        }
        String host;
        String portText = null;
        boolean ipv6 = authority.startsWith("[");
        if (ipv6) {
            int close = authority.indexOf(']');
            if (close < 0) {
                return Optional.empty();
            }
            host = authority.substring(1, close);
            String after = authority.substring(close + 1);
            if (after.startsWith(":")) {
                portText = after.substring(1);
            } else if (!after.isEmpty()) {
                return Optional.empty();
            }
        } else {
            int portColon = authority.indexOf(':');
            host = portColon < 0 ? authority : authority.substring(0, portColon);
            portText = portColon < 0 ? null : authority.substring(portColon + 1);
        }
        if (host.isEmpty()) {
            return Optional.empty();
        }
        int port;
        if (portText == null) {
            // default_port/1 knows only these two
            if (protocol.equals("http")) {
                port = 80;
            } else if (protocol.equals("https")) {
                port = 443;
            } else {
                return Optional.empty();
            }
        } else {
            try {
                port = Integer.parseInt(portText);
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return Optional.of(new ProxyUrl(protocol, host, port, path, ipv6));
    }

    /** The path with its query, as the request line sends it. */
    String target() {
        return path;
    }

    /** The same place with another path. */
    ProxyUrl withPath(String newPath) {
        return new ProxyUrl(protocol, host, port, newPath, ipv6);
    }

    /** Whether {@code other} is on the same scheme, host and port. */
    boolean sameServer(ProxyUrl other) {
        return protocol.equals(other.protocol) && host.equals(other.host) && port == other.port;
    }

    @Override
    public String toString() {
        boolean defaultPort = (protocol.equals("http") && port == 80) || (protocol.equals("https") && port == 443);
        return protocol + "://" + (ipv6 ? "[" + host + "]" : host) + (defaultPort ? "" : ":" + port)
                + (path.startsWith("/") ? path : "/" + path);
    }

    private static int firstOf(String s, char a, char b) {
        int i = s.indexOf(a);
        int j = s.indexOf(b);
        if (i < 0) {
            return j;
        }
        return j < 0 ? i : Math.min(i, j);
    }
}
