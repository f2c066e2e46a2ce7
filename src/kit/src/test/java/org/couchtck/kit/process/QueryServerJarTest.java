package org.couchtck.kit.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QueryServerJarTest {

    @TempDir
    Path temp;

    private static void write(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }

    private static List<String> entries(String jar) throws IOException {
        try (JarFile file = new JarFile(jar)) {
            return file.stream().map(JarEntry::getName).sorted().toList();
        }
    }

    @Test
    void should_copy_only_the_query_server_and_rhino_from_folders_and_jars() throws IOException {
        // given: a build folder with the reference and more, and a jar with Rhino and more
        Path classes = temp.resolve("classes");
        write(classes.resolve("org/couchtck/reference/queryserver/QueryServerMain.class"), "main");
        write(classes.resolve("org/couchtck/reference/endpoint/Endpoint.class"), "endpoint");
        Path rhino = temp.resolve("rhino.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(rhino))) {
            for (String name : List.of("org/mozilla/javascript/Context.class",
                    "META-INF/services/org.mozilla.javascript.RegExpLoader", "com/ibm/icu/Big.class")) {
                out.putNextEntry(new JarEntry(name));
                out.write(name.getBytes());
                out.closeEntry();
            }
        }
        String classPath = classes + File.pathSeparator + rhino;

        // when
        String thin = QueryServerJar.classPath(classPath, Files.createDirectories(temp.resolve("out")));

        // then
        assertThat(thin).endsWith("-qs.jar");
        assertThat(entries(thin)).containsExactly("META-INF/services/org.mozilla.javascript.RegExpLoader",
                "org/couchtck/reference/queryserver/QueryServerMain.class", "org/mozilla/javascript/Context.class");
    }

    @Test
    void should_make_a_new_jar_when_a_class_in_a_build_folder_changes() throws IOException {
        // given
        Path classes = temp.resolve("classes");
        Path main = classes.resolve("org/couchtck/reference/queryserver/QueryServerMain.class");
        write(main, "first build");
        Path out = Files.createDirectories(temp.resolve("out"));
        String first = QueryServerJar.classPath(classes.toString(), out);

        // when: the folder is rebuilt (the class path string stays the same)
        write(main, "second build, longer");
        String second = QueryServerJar.classPath(classes.toString(), out);

        // then
        assertThat(second).isNotEqualTo(first);
        try (JarFile jar = new JarFile(second)) {
            assertThat(new String(jar.getInputStream(jar.getEntry(
                    "org/couchtck/reference/queryserver/QueryServerMain.class")).readAllBytes()))
                    .isEqualTo("second build, longer");
        }
    }

    @Test
    void should_keep_the_full_class_path_when_it_holds_no_query_server() throws IOException {
        // given
        Path classes = temp.resolve("classes");
        write(classes.resolve("org/example/Other.class"), "x");

        // when
        String result = QueryServerJar.classPath(classes.toString(), Files.createDirectories(temp.resolve("out")));

        // then
        assertThat(result).isEqualTo(classes.toString());
    }
}
