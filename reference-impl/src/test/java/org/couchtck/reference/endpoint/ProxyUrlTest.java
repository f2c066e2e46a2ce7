package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** URLs read as ibrowse_lib:parse_url reads them. */
class ProxyUrlTest {

    @Test
    void should_read_scheme_host_default_port_and_a_path_of_slash_when_none_is_written() {
        assertThat(ProxyUrl.parse("http://backend")).contains(new ProxyUrl("http", "backend", 80, "/", false));
        assertThat(ProxyUrl.parse("https://backend?q=1")).contains(new ProxyUrl("https", "backend", 443, "/?q=1", false));
    }

    @Test
    void should_read_credentials_past_and_an_ipv6_host_without_brackets() {
        assertThat(ProxyUrl.parse("http://u:p@[::1]:5984/db?x#f"))
                .contains(new ProxyUrl("http", "::1", 5984, "/db?x#f", true));
    }

    @Test
    void should_read_no_url_from_a_path_a_bad_port_or_another_scheme_without_a_port() {
        assertThat(ProxyUrl.parse("/_utils")).isEmpty();
        assertThat(ProxyUrl.parse("http://host:port/")).isEmpty();
        assertThat(ProxyUrl.parse("ftp://host/file")).isEmpty();
        assertThat(ProxyUrl.parse("ftp://host:21/file")).isPresent();
    }
}
