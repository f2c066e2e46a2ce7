package org.couchtck.kit.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ServerCommandTest {

    @Test
    void should_split_on_whitespace_when_parsing_a_plain_command() {
        assertThat(ServerCommand.parse("  couchjs   -S 1024\tmain.js ").argv())
                .containsExactly("couchjs", "-S", "1024", "main.js");
    }

    @Test
    void should_keep_single_quoted_text_literally() {
        assertThat(ServerCommand.parse("run 'a b' 'c\\d' '\"q\"'").argv())
                .containsExactly("run", "a b", "c\\d", "\"q\"");
    }

    @Test
    void should_unescape_only_quote_and_backslash_inside_double_quotes() {
        assertThat(ServerCommand.parse("run \"a b\" \"say \\\"hi\\\"\" \"back\\\\slash\" \"keep\\n\"").argv())
                .containsExactly("run", "a b", "say \"hi\"", "back\\slash", "keep\\n");
    }

    @Test
    void should_make_the_next_character_literal_after_a_backslash_outside_quotes() {
        assertThat(ServerCommand.parse("run a\\ b \\'x\\' c\\\\d").argv())
                .containsExactly("run", "a b", "'x'", "c\\d");
    }

    @Test
    void should_join_adjacent_quoted_and_unquoted_parts_into_one_argument() {
        assertThat(ServerCommand.parse("run pre'mid dle'\"post fix\"end").argv())
                .containsExactly("run", "premid dlepost fixend");
    }

    @Test
    void should_keep_empty_quoted_arguments() {
        assertThat(ServerCommand.parse("run '' \"\" x").argv()).containsExactly("run", "", "", "x");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\t\n"})
    void should_refuse_a_blank_command_with_a_clear_message(String blank) {
        assertThatThrownBy(() -> ServerCommand.parse(blank)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("server command is empty");
    }

    @ParameterizedTest
    @ValueSource(strings = {"run 'open", "run \"open", "run \"a\\\""})
    void should_refuse_an_unterminated_quote(String line) {
        assertThatThrownBy(() -> ServerCommand.parse(line)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unterminated");
    }

    @Test
    void should_refuse_a_trailing_lone_backslash() {
        assertThatThrownBy(() -> ServerCommand.parse("run x\\")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("backslash");
    }

    @Test
    void should_refuse_an_empty_argument_list() {
        assertThatThrownBy(() -> new ServerCommand(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_display_a_line_that_parses_back_to_the_same_arguments() {
        ServerCommand command = new ServerCommand(List.of("/usr/bin/couch js", "-S", "it's", "a\"b", "", "x=1",
                "$HOME", "tab\there"));

        String display = command.display();

        assertThat(ServerCommand.parse(display)).isEqualTo(command);
        assertThat(display).startsWith("'/usr/bin/couch js' -S ");
    }

    @Test
    void should_leave_plain_arguments_unquoted_when_displaying() {
        assertThat(ServerCommand.parse("couchjs -S 1024 /opt/couchdb/share/server/main.js").display())
                .isEqualTo("couchjs -S 1024 /opt/couchdb/share/server/main.js");
    }

    @Test
    void should_run_a_main_class_with_this_jvm_and_class_path() {
        ServerCommand command = ServerCommand.javaMain("org.example.Main", "--flag", "value");

        assertThat(command.argv()).hasSize(6);
        assertThat(command.argv().get(0)).endsWith("java");
        assertThat(command.argv().subList(1, 3)).containsExactly("-cp", System.getProperty("java.class.path"));
        assertThat(command.argv().subList(3, 6)).containsExactly("org.example.Main", "--flag", "value");
    }

    @Test
    void should_start_the_reference_query_server_main_class() {
        assertThat(ServerCommand.reference().argv())
                .last().isEqualTo("org.couchtck.reference.queryserver.QueryServerMain");
    }

    @Test
    void should_start_the_reference_with_its_jvm_options_from_a_jar_of_its_own_classes() {
        List<String> argv = ServerCommand.reference().argv();

        assertThat(argv).containsSubsequence(ServerCommand.REFERENCE_JVM_OPTIONS);
        String classPath = argv.get(argv.indexOf("-cp") + 1);
        assertThat(classPath).endsWith("-qs.jar").doesNotContain(java.io.File.pathSeparator);
    }

    @Test
    void should_take_the_reference_classes_from_where_they_were_loaded() throws Exception {
        String[] entries = ServerCommand.referenceClassPath().split(java.io.File.pathSeparator);

        java.net.URL[] urls = new java.net.URL[entries.length];
        for (int i = 0; i < entries.length; i++) {
            assertThat(java.nio.file.Path.of(entries[i])).exists();
            urls[i] = java.nio.file.Path.of(entries[i]).toUri().toURL();
        }
        // No parent: the classes must come from these entries alone.
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(urls, null)) {
            assertThat(loader.loadClass(ServerCommand.REFERENCE_MAIN)).isNotNull();
            assertThat(loader.loadClass("org.mozilla.javascript.Context")).isNotNull();
        }
    }
}
