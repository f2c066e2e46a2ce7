package org.couchtck.kit.daemons;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The ini reader against the rules of CouchDB 2.2.0's config 1.0.4 parse_ini_file. */
class DaemonConfigTest {

    @Test
    void sections_keys_and_values_are_read_as_couchdb_reads_them() {
        // given
        String ini = "; a comment\n[os_daemons]\nhello = /usr/bin/hello --port 5 ; inline comment\n"
                + "[hello]\r\nport=5987\r\nurl = http://x/?a=b\n";

        // when
        DaemonConfig config = DaemonConfig.parse(ini);

        // then
        assertThat(config.section("os_daemons")).containsExactly(Map.entry("hello", "/usr/bin/hello --port 5"));
        assertThat(config.value("hello", "port")).contains("5987");
        assertThat(config.value("hello", "url")).contains("http://x/?a=b");
        assertThat(config.section("nothing")).isEmpty();
        assertThat(config.value("hello", "nothing")).isEmpty();
    }

    @Test
    void the_first_value_of_a_key_in_a_file_counts_and_an_empty_one_sets_nothing() {
        // when: config.erl keeps a file's values newest first, so the older one is stored last
        DaemonConfig config = DaemonConfig.parse("[s]\na = 1\nb = 2\n[s]\na = 3\nc =\n");

        // then
        assertThat(config.section("s")).containsExactly(Map.entry("a", "1"), Map.entry("b", "2"));
    }

    @Test
    void a_line_of_one_space_and_text_continues_the_value_before_it() {
        // when
        DaemonConfig config = DaemonConfig.parse("[s]\nlist = a,\n b ; comment\n\tc\n");

        // then: only the one-space line continues; the tab line is ignored
        assertThat(config.value("s", "list")).contains("a, b");
    }

    @Test
    void only_one_space_either_side_of_the_equals_sign_is_taken_off() {
        // when
        DaemonConfig config = DaemonConfig.parse("[s]\nkey  =  value\n");

        // then: " ?= ?" as the Erlang source has it (\s there is a space)
        assertThat(config.value("s", "key ")).contains(" value");
    }

    @Test
    void lines_that_are_no_setting_are_ignored() {
        // when
        DaemonConfig config = DaemonConfig.parse("before = section\n[bad]x\n[s]\n= no key\njust words\nk = v\n");

        // then: a key before any section belongs to the section "", a bad header keeps the section
        assertThat(config.value("", "before")).contains("section");
        assertThat(config.sectionNames()).containsExactly("", "s");
        assertThat(config.section("s")).containsExactly(Map.entry("k", "v"));
    }

    @Test
    void values_set_over_a_config_replace_and_add() {
        // given
        DaemonConfig base = DaemonConfig.parse("[a]\nx = 1\n");

        // when
        DaemonConfig merged = base.with(DaemonConfig.parse("[a]\nx = 2\n[b]\ny = 3\n")).with("c", "z", "4");

        // then
        assertThat(merged.value("a", "x")).contains("2");
        assertThat(merged.value("b", "y")).contains("3");
        assertThat(merged.value("c", "z")).contains("4");
        assertThat(base.value("a", "x")).contains("1");
    }
}
