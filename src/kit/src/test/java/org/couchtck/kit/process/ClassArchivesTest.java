package org.couchtck.kit.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(120)
class ReferenceClassArchiveTest {

    private static final String JAVA = ProcessHandle.current().info().command().orElseThrow();

    @TempDir
    Path dir;

    @Test
    void a_reference_started_from_the_archive_speaks_the_protocol_and_nothing_else() throws Exception {
        String classPath = jarsOnlyClassPath();

        List<String> options = ReferenceClassArchive.jvmOptions(JAVA, classPath);

        assertThat(options).anySatisfy(o -> assertThat(o).startsWith("-XX:SharedArchiveFile="));
        Path archive = Path.of(options.get(0).substring("-XX:SharedArchiveFile=".length()));
        assertThat(archive).isRegularFile().isNotEmptyFile();
        assertThat(replyLines(options, classPath)).containsExactly("true");
    }

    @Test
    void pruning_deletes_the_files_unused_for_days_and_keeps_the_others() throws Exception {
        // given: a jar and an archive of an old build, one made two days ago, and an old one in use
        Instant now = Instant.now();
        Path oldJar = Files.writeString(dir.resolve("old-qs.jar"), "x");
        Path oldArchive = Files.writeString(dir.resolve("old.jsa"), "x");
        Path recent = Files.writeString(dir.resolve("recent.jsa"), "x");
        Path used = Files.writeString(dir.resolve("used-qs.jar"), "x");
        for (Path file : List.of(oldJar, oldArchive, used)) {
            setTimes(file, now.minus(Duration.ofDays(4)));
        }
        setTimes(recent, now.minus(Duration.ofDays(2)));
        ReferenceClassArchive.markUsed(used);

        // when
        ReferenceClassArchive.prune(dir, now);

        // then
        assertThat(oldJar).doesNotExist();
        assertThat(oldArchive).doesNotExist();
        assertThat(recent).exists();
        assertThat(used).exists();
    }

    @Test
    void marking_a_jar_used_leaves_the_archive_made_for_it_in_use() throws Exception {
        // given: a jar of the class path, made days ago
        Path jar = Files.writeString(dir.resolve("made-qs.jar"), "x");
        setTimes(jar, Instant.now().minus(Duration.ofDays(2)));
        String before = ReferenceClassArchive.fingerprint(JAVA, jar.toString());

        // when: a run uses it
        ReferenceClassArchive.markUsed(jar);

        // then: the next run finds the same archive instead of training a new one
        assertThat(ReferenceClassArchive.fingerprint(JAVA, jar.toString())).isEqualTo(before);
    }

    @Test
    void a_class_path_the_jvm_cannot_archive_gives_no_options() throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Files.writeString(classes.resolve("not-a-class.txt"), "directories cannot be archived");
        String classPath = classes + File.pathSeparator + jarsOnlyClassPath();

        assertThat(ReferenceClassArchive.jvmOptions(JAVA, classPath)).isEmpty();
    }

    @Test
    void the_archive_can_be_switched_off() throws Exception {
        String previous = System.setProperty(ReferenceClassArchive.DISABLE_PROPERTY, "false");
        try {
            assertThat(ReferenceClassArchive.jvmOptions(JAVA, jarsOnlyClassPath())).isEmpty();
        } finally {
            if (previous == null) {
                System.clearProperty(ReferenceClassArchive.DISABLE_PROPERTY);
            } else {
                System.setProperty(ReferenceClassArchive.DISABLE_PROPERTY, previous);
            }
        }
    }

    private static void setTimes(Path file, Instant time) throws IOException {
        Files.getFileAttributeView(file, BasicFileAttributeView.class)
                .setTimes(FileTime.from(time), FileTime.from(time), null);
    }

    /** The reference and its libraries as jars only (directories of classes are packed into a jar first). */
    private String jarsOnlyClassPath() throws IOException {
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (Files.isRegularFile(path) && entry.endsWith(".jar")) {
                entries.add(entry);
            }
        }
        Path reference = Path.of(org.couchtck.reference.queryserver.QueryServerMain.class.getProtectionDomain()
                .getCodeSource().getLocation().getPath());
        if (Files.isDirectory(reference)) {
            entries.add(0, pack(reference).toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    private Path pack(Path classes) throws IOException {
        Path jar = dir.resolve("reference.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
                Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(file).toString().replace(File.separatorChar, '/')));
                Files.copy(file, out);
                out.closeEntry();
            }
        }
        return jar;
    }

    private static List<String> replyLines(List<String> options, String classPath) throws Exception {
        List<String> command = new ArrayList<>(List.of(JAVA, "-XX:+UseSerialGC"));
        command.addAll(options);
        command.addAll(List.of("-cp", classPath, ServerCommand.REFERENCE_MAIN));
        Process process = new ProcessBuilder(command).start();
        try {
            try (OutputStream in = process.getOutputStream()) {
                in.write("[\"reset\"]\n".getBytes(StandardCharsets.UTF_8));
            }
            List<String> lines;
            try (BufferedReader out = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                lines = out.lines().collect(Collectors.toList());
            }
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            return lines;
        } finally {
            process.destroyForcibly();
        }
    }
}
