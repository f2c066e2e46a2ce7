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
import org.couchtck.kit.daemons.programs.ProgramTraining;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(120)
class ClassArchivesTest {

    private static final String JAVA = ProcessHandle.current().info().command().orElseThrow();

    @TempDir
    Path dir;

    @Test
    void a_reference_started_from_the_archive_speaks_the_protocol_and_nothing_else() throws Exception {
        String classPath = jarsOnlyClassPath();

        List<String> options = ClassArchives.jvmOptions(JAVA, classPath, ClassArchives.Training.REFERENCE);

        assertThat(options).anySatisfy(o -> assertThat(o).startsWith("-XX:SharedArchiveFile="));
        Path archive = Path.of(options.get(0).substring("-XX:SharedArchiveFile=".length()));
        assertThat(archive).isRegularFile().isNotEmptyFile();
        assertThat(replyLines(options, classPath)).containsExactly("true");
    }

    @Test
    void the_kit_programs_start_from_an_archive_of_their_own() throws Exception {
        // given: the kit's classes and the libraries as jars
        String classPath = jarsOnlyClassPath(ProgramTraining.class);

        // when
        List<String> options = ClassArchives.jvmOptions(JAVA, classPath, ClassArchives.Training.PROGRAMS);

        // then: an archive of the programs, not the reference's, from which a program runs
        assertThat(options).anySatisfy(o -> assertThat(o).startsWith("-XX:SharedArchiveFile="));
        assertThat(options).isNotEqualTo(ClassArchives.jvmOptions(JAVA, classPath,
                ClassArchives.Training.REFERENCE));
        List<String> command = new ArrayList<>(List.of(JAVA, "-XX:+UseSerialGC"));
        command.addAll(options);
        command.addAll(List.of("-cp", classPath, ProgramTraining.class.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).as(output).isZero();
            assertThat(output).isEqualTo("[\"log\",\"trained\",{\"level\":\"debug\"}]\n");
        } finally {
            process.destroyForcibly();
        }
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
        ClassArchives.markUsed(used);

        // when
        ClassArchives.prune(dir, now);

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
        String before = ClassArchives.fingerprint(JAVA, jar.toString(), ServerCommand.REFERENCE_MAIN);

        // when: a run uses it
        ClassArchives.markUsed(jar);

        // then: the next run finds the same archive instead of training a new one
        assertThat(ClassArchives.fingerprint(JAVA, jar.toString(), ServerCommand.REFERENCE_MAIN)).isEqualTo(before);
    }

    @Test
    void a_class_path_the_jvm_cannot_archive_gives_no_options() throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Files.writeString(classes.resolve("not-a-class.txt"), "directories cannot be archived");
        String classPath = classes + File.pathSeparator + jarsOnlyClassPath();

        assertThat(ClassArchives.jvmOptions(JAVA, classPath, ClassArchives.Training.REFERENCE)).isEmpty();
    }

    @Test
    void the_archive_can_be_switched_off() throws Exception {
        String previous = System.setProperty(ClassArchives.DISABLE_PROPERTY, "false");
        try {
            assertThat(ClassArchives.jvmOptions(JAVA, jarsOnlyClassPath(), ClassArchives.Training.REFERENCE)).isEmpty();
        } finally {
            if (previous == null) {
                System.clearProperty(ClassArchives.DISABLE_PROPERTY);
            } else {
                System.setProperty(ClassArchives.DISABLE_PROPERTY, previous);
            }
        }
    }

    private static void setTimes(Path file, Instant time) throws IOException {
        Files.getFileAttributeView(file, BasicFileAttributeView.class)
                .setTimes(FileTime.from(time), FileTime.from(time), null);
    }

    /** The reference and its libraries as jars only (directories of classes are packed into a jar first). */
    private String jarsOnlyClassPath() throws IOException {
        return jarsOnlyClassPath(org.couchtck.reference.queryserver.QueryServerMain.class);
    }

    /** The jars of the test class path, and where {@code main} comes from, packed into a jar if it is a folder. */
    private String jarsOnlyClassPath(Class<?> main) throws IOException {
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (Files.isRegularFile(path) && entry.endsWith(".jar")) {
                entries.add(entry);
            }
        }
        Path location = Path.of(main.getProtectionDomain().getCodeSource().getLocation().getPath());
        if (Files.isDirectory(location)) {
            entries.add(0, pack(location).toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    private Path pack(Path classes) throws IOException {
        Path jar = Files.createTempFile(dir, "classes-", ".jar");
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
