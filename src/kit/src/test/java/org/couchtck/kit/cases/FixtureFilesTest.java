package org.couchtck.kit.cases;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FixtureFilesTest {

    @TempDir
    Path dir;

    private static void put(JarOutputStream jar, String name, String text) throws IOException {
        jar.putNextEntry(new JarEntry(name));
        jar.write(text.getBytes(StandardCharsets.UTF_8));
        jar.closeEntry();
    }

    @Test
    void should_list_fixture_files_inside_a_jar_without_directory_entries() throws IOException {
        Path jarFile = dir.resolve("kit.jar");
        try (OutputStream out = Files.newOutputStream(jarFile); JarOutputStream jar = new JarOutputStream(out)) {
            put(jar, "fixtures/README.md", "# corpus");
            put(jar, "fixtures/query-server/b.json", "{\"b\":1}");
            put(jar, "fixtures/query-server/a.json", "{\"a\":\"caf\u00e9\"}");
            put(jar, "fixtures/query-server/notes.txt", "not a fixture");
        }
        URL anchor = new URL("jar:" + jarFile.toUri() + "!/fixtures/README.md");

        var sources = FixtureFiles.besideAnchor(anchor, FixtureFiles.QUERY_SERVER);

        assertThat(sources).extracting(FixtureSource::name)
                .containsExactly("fixtures/query-server/a.json", "fixtures/query-server/b.json");
        assertThat(sources.get(0).text()).isEqualTo("{\"a\":\"caf\u00e9\"}");
    }

    @Test
    void should_list_fixture_files_of_a_folder_on_disk() throws IOException {
        Files.writeString(dir.resolve("README.md"), "# corpus");
        Files.createDirectories(dir.resolve("query-server"));
        Files.writeString(dir.resolve("query-server/x.json"), "{}");

        var sources = FixtureFiles.besideAnchor(dir.resolve("README.md").toUri().toURL(), FixtureFiles.QUERY_SERVER);

        assertThat(sources).extracting(FixtureSource::name).containsExactly("fixtures/query-server/x.json");
    }
}
