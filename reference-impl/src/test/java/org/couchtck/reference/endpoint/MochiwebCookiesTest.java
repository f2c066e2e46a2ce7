package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Cookie headers read as mochiweb_cookies:parse_cookie reads them (its own test cases). */
class MochiwebCookiesTest {

    @Test
    void should_read_the_rfc_example_without_its_dollar_attributes() {
        String header = "$Version=\"1\"; Customer=\"WILE_E_COYOTE\"; $Path=\"/acme\";\n"
                + "    Part_Number=\"Rocket_Launcher_0001\"; $Path=\"/acme\";\n"
                + "    Shipping=\"FedEx\"; $Path=\"/acme\"";

        assertThat(MochiwebCookies.parse(header)).containsExactly(Map.entry("Customer", "WILE_E_COYOTE"),
                Map.entry("Part_Number", "Rocket_Launcher_0001"), Map.entry("Shipping", "FedEx"));
    }

    @Test
    void should_read_mochiwebs_edge_cases_as_mochiweb_does() {
        assertThat(MochiwebCookies.parse("foo=\"\\x\"")).containsExactly(Map.entry("foo", "x"));
        assertThat(MochiwebCookies.parse("=")).isEmpty();
        assertThat(MochiwebCookies.parse("  foo ; bar  ")).containsExactly(Map.entry("foo", ""), Map.entry("bar", ""));
        assertThat(MochiwebCookies.parse("foo=;bar=")).containsExactly(Map.entry("foo", ""), Map.entry("bar", ""));
        assertThat(MochiwebCookies.parse("foo = \"\\\";\";bar ")).containsExactly(Map.entry("foo", "\";"),
                Map.entry("bar", ""));
        assertThat(MochiwebCookies.parse("foo=\"\\\";bar")).containsExactly(Map.entry("foo", "\";bar"));
        assertThat(MochiwebCookies.parse("")).isEqualTo(List.of());
        assertThat(MochiwebCookies.parse("foo=bar , baz=wibble ")).containsExactly(Map.entry("foo", "bar"),
                Map.entry("baz", "wibble"));
    }
}
