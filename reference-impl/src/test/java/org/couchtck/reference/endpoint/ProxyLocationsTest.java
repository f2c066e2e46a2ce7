package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** couch_httpd_proxy:rewrite_location, with the cases of CouchDB 2.2.0's couchdb_http_proxy_tests. */
class ProxyLocationsTest {

    private static final ProxyUrl SOURCE = ProxyUrl.parse("http://127.0.0.1:5984/_test").orElseThrow();
    private static final ProxyUrl DESTINATION = ProxyUrl.parse("http://127.0.0.1:5000").orElseThrow();

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        // the backend's own URLs move under the proxy's path
        "http://127.0.0.1:5000/foo/bar, http://127.0.0.1:5984/_test/foo/bar",
        "http://127.0.0.1:5000/bing?q=2, http://127.0.0.1:5984/_test/bing?q=2",
        "http://127.0.0.1:5000/zip#frag, http://127.0.0.1:5984/_test/zip#frag",
        "http://127.0.0.1:5000, http://127.0.0.1:5984/_test/",
        // another server's stay
        "https://google.com/search, https://google.com/search",
        "https://google.com/f?q=2#f, https://google.com/f?q=2#f",
        "http://127.0.0.1:5001/other-port, http://127.0.0.1:5001/other-port",
        // what is no URL is a path under the proxy's
        "/foo, http://127.0.0.1:5984/_test/foo",
        "bar, http://127.0.0.1:5984/_test/bar",
        "/zing?q=3, http://127.0.0.1:5984/_test/zing?q=3",
        "bing?q=stuff#yay, http://127.0.0.1:5984/_test/bing?q=stuff#yay",
    })
    void should_rewrite_locations_as_couch_httpd_proxy_does(String location, String rewritten) {
        assertThat(ProxyLocations.rewrite(SOURCE, DESTINATION, location)).isEqualTo(rewritten);
    }

    @Test
    void should_rewrite_location_content_location_uri_and_destination_and_leave_the_rest() {
        List<Map.Entry<String, String>> fixed = ProxyLocations.fix(SOURCE, DESTINATION, List.of(
                Map.entry("location", "/a"), Map.entry("Content-Location", "/b"), Map.entry("Uri", "/c"),
                Map.entry("Destination", "/d"), Map.entry("Set-Cookie", "x=/e"), Map.entry("Link", "/f")));

        assertThat(fixed).containsExactly(Map.entry("location", "http://127.0.0.1:5984/_test/a"),
                Map.entry("Content-Location", "http://127.0.0.1:5984/_test/b"),
                Map.entry("Uri", "http://127.0.0.1:5984/_test/c"),
                Map.entry("Destination", "http://127.0.0.1:5984/_test/d"),
                Map.entry("Set-Cookie", "x=/e"), Map.entry("Link", "/f"));
    }

    @Test
    void should_leave_the_default_port_out_and_bracket_an_ipv6_host() {
        ProxyUrl source = ProxyUrl.parse("http://[::1]:80/_p").orElseThrow();
        ProxyUrl destination = ProxyUrl.parse("https://backend/x").orElseThrow();

        assertThat(ProxyLocations.rewrite(source, destination, "https://backend:443/y")).isEqualTo("http://[::1]/_p/y");
    }
}
