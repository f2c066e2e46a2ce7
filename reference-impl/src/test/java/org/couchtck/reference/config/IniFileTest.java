package org.couchtck.reference.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Ini text read as config.erl's parse_ini_file reads it. */
class IniFileTest {

    private static IniValues read(String... files) {
        return IniValues.of(List.of(files).stream().map(IniFile::parse).toList());
    }

    @Test
    void should_read_sections_keys_and_values_and_skip_comments_and_blank_lines() {
        IniValues values = read("""
                ; CouchDB Configuration Settings

                [os_daemons]
                my_daemon = /usr/bin/command --with args
                [uuids]
                algorithm = sequential
                  ; an indented comment
                """);

        assertThat(values.sectionNames()).containsExactly("os_daemons", "uuids");
        assertThat(values.section("os_daemons")).containsExactly(Map.entry("my_daemon", "/usr/bin/command --with args"));
        assertThat(values.get("uuids", "algorithm")).hasValue("sequential");
    }

    @Test
    void should_take_one_space_at_most_either_side_of_the_equals_sign() {
        IniValues values = read("[s]\ntight=1\nspaced = 2\nwide  =  3\n  indented = 4  \n\ttabbed = 5\n");

        assertThat(values.section("s")).containsExactly(Map.entry("\ttabbed", "5"), Map.entry("indented", "4"),
                Map.entry("spaced", "2"), Map.entry("tight", "1"), Map.entry("wide ", " 3"));
    }

    @Test
    void should_join_the_parts_after_the_first_equals_sign_with_bare_equals_signs() {
        IniValues values = read("[s]\nquery = a = b=c\n");

        assertThat(values.get("s", "query")).hasValue("a=b=c");
    }

    @Test
    void should_drop_a_comment_after_a_space_or_tab_and_semicolon_but_not_a_bare_semicolon() {
        IniValues values = read("[s]\na = value ; a comment\nb = value\t;tabbed comment\nc = x;y\nd =  ;c\n");

        assertThat(values.section("s")).containsExactly(Map.entry("a", "value"), Map.entry("b", "value"),
                Map.entry("c", "x;y"), Map.entry("d", ""));
    }

    @Test
    void should_ignore_lines_starting_with_equals_and_headers_with_text_after_the_bracket() {
        IniValues values = read("[s]\n= orphan\n[t] ; not a header\nkey = in s\n[u]]\nother = in s too\n");

        assertThat(values.sectionNames()).containsExactly("s");
        assertThat(values.section("s")).containsOnlyKeys("key", "other");
    }

    @Test
    void should_put_keys_before_any_header_in_the_section_with_no_name() {
        assertThat(read("early = bird\n[s]\nk = v\n").section("")).containsExactly(Map.entry("early", "bird"));
    }

    @Test
    void should_end_lines_at_crlf_cr_lf_and_ctrl_z() {
        IniValues values = read("[s]\r\na = 1\rb = 2\nc = 3\032d = 4");

        assertThat(values.section("s")).containsOnlyKeys("a", "b", "c", "d");
    }

    @Test
    void should_append_a_line_starting_with_one_space_to_the_value_read_last() {
        IniValues values = read("[s]\nlist = a,\n b, ; comment\n  not continued\n\tnot continued either\n");

        assertThat(values.get("s", "list")).hasValue("a, b,");
    }

    @Test
    void should_move_a_continued_value_into_the_section_of_its_continuation_as_couchdb_does() {
        IniValues values = read("[a]\nx = 1\n[b]\n more\n");

        assertThat(values.sectionNames()).containsExactly("b");
        assertThat(values.get("b", "x")).hasValue("1 more");
    }

    @Test
    void should_let_later_files_win_and_an_empty_value_delete_what_earlier_files_set() {
        IniValues values = read("[s]\na = default\nb = default\nc = default\n",
                "[s]\na = local\nb =\nc = local\nc =\n");

        assertThat(values.section("s")).containsExactly(Map.entry("a", "local"), Map.entry("c", "local"));
    }

    @Test
    void should_keep_the_first_of_two_values_of_one_key_in_one_file() {
        assertThat(read("[s]\nk = first\nk = second\n").get("s", "k")).hasValue("first");
    }

    @Test
    void should_list_the_keys_that_changed_appeared_or_went_between_two_readings() {
        IniValues before = read("[s]\nsame = 1\nchanged = 1\ngone = 1\n");
        IniValues after = read("[s]\nsame = 1\nchanged = 2\n[t]\nnew = 1\n");

        assertThat(before.differingKeys(after)).containsExactly(new ConfigKey("s", "changed"),
                new ConfigKey("s", "gone"), new ConfigKey("t", "new"));
        assertThat(after.differingKeys(after)).isEmpty();
    }
}
