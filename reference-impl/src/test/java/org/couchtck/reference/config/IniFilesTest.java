package org.couchtck.reference.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IniFilesTest {

    @Test
    void should_read_the_files_afresh_each_time_later_files_winning(@TempDir Path dir) throws IOException {
        Path defaults = Files.writeString(dir.resolve("default.ini"), "[s]\na = default\nb = default\n");
        Path local = Files.writeString(dir.resolve("local.ini"), "[s]\na = local\n");
        IniFiles files = new IniFiles(List.of(defaults, local));

        IniValues first = files.read();
        Files.writeString(local, "[s]\nb = local\n");
        IniValues second = files.read();

        assertThat(first.section("s")).containsEntry("a", "local").containsEntry("b", "default");
        assertThat(second.section("s")).containsEntry("a", "default").containsEntry("b", "local");
    }

    @Test
    void should_name_a_missing_file_as_couchdb_does(@TempDir Path dir) {
        Path missing = dir.resolve("local.ini");

        assertThatThrownBy(() -> new IniFiles(List.of(missing)).read()).isInstanceOf(IOException.class)
                .hasMessage("Couldn't find server configuration file " + missing + ".");
    }
}
