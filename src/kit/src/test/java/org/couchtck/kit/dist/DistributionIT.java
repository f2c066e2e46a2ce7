package org.couchtck.kit.dist;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binary distribution (src/assembly/bin.xml) as a user outside Java gets it, after {@code package}: both archives
 * hold the same files under {@code couchtck-<version>/} with the launcher executable; the zip, unpacked as
 * {@code unzip} would (modes from the archive), runs the kit through {@code bin/couchtck}. The Windows launcher cannot
 * run here: its essential lines are read instead.
 */
class DistributionIT {

    private static final String VERSION = System.getProperty("couchtck.version");
    private static final String TOP = "couchtck-" + VERSION + "/";
    private static final Path ZIP = Path.of(System.getProperty("couchtck.dist.zip"));
    private static final Path TAR = Path.of(System.getProperty("couchtck.dist.tar"));
    private static final Path SHADED_JAR = Path.of(System.getProperty("couchtck.dist.jar"));
    private static final Path PROJECT = Path.of(System.getProperty("couchtck.project.dir"));
    private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");
    private static final String EXECUTABLE = "rwxr-xr-x";
    private static final String READABLE = "rw-r--r--";

    @TempDir
    static Path work;

    private static Path home;

    @BeforeAll
    static void unpackTheZip() throws IOException {
        Path into = Files.createDirectories(work.resolve("unpacked"));
        try (ZipFile zip = ZipFile.builder().setPath(ZIP).get()) {
            for (ZipArchiveEntry entry : Collections.list(zip.getEntries())) {
                Path target = into.resolve(entry.getName()).normalize();
                assertThat(target.startsWith(into)).as("%s stays in the folder", entry.getName()).isTrue();
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                    continue;
                }
                Files.createDirectories(target.getParent());
                try (InputStream in = zip.getInputStream(entry)) {
                    Files.copy(in, target);
                }
                Files.setPosixFilePermissions(target, permissions(entry.getUnixMode()));
            }
        }
        home = into.resolve(TOP);
    }

    @Test
    void bothArchivesHoldTheLaunchersTheShadedJarReadmeAndLicenseUnderOneFolder() throws IOException {
        Map<String, String> expected = new TreeMap<>(Map.of(
                TOP + "bin/couchtck", EXECUTABLE,
                TOP + "bin/couchtck.cmd", READABLE,
                TOP + "lib/couchtck.jar", READABLE,
                TOP + "README.md", READABLE,
                TOP + "LICENSE", READABLE));
        assertThat(zipFiles()).isEqualTo(expected);
        assertThat(tarFiles()).isEqualTo(expected);

        assertThat(sha256(home.resolve("lib/couchtck.jar"))).isEqualTo(sha256(SHADED_JAR));
        assertThat(home.resolve("README.md")).hasSameBinaryContentAs(PROJECT.resolve("README.md"));
        assertThat(home.resolve("LICENSE")).hasSameBinaryContentAs(PROJECT.resolve("LICENSE"));
        assertThat(Files.readString(home.resolve("bin/couchtck"))).startsWith("#!/bin/sh\n").doesNotContain("\r");
    }

    @Test
    void runsTheQueryServerSuiteWithTheJavaOfJavaHome() throws Exception {
        // A blank in the report folder and a file the include glob would match in the working folder: each argument
        // must reach the kit as it was given, neither split nor expanded.
        Path reports = work.resolve("the reports");
        Path cwd = emptyFolder("working folder");
        Files.writeString(cwd.resolve("qs.map_doc.x"), "");
        Map<String, String> env = Map.of(
                "JAVA_HOME", System.getProperty("java.home"),
                "PATH", emptyFolder("no-java-on-path").toString()); // so only JAVA_HOME can give a java

        Ran ran = launch(home.resolve("bin/couchtck"), cwd, env,
                "run", "--suite", "query-server", "--no-generated", "--include", "qs.map_doc.*",
                "--report-dir", reports.toString());

        assertThat(ran.exit).as(ran.toString()).isZero();
        assertThat(ran.out).contains("PASSED").contains(" 0 fail").contains("Reports: " + reports.resolve("report.html"));
        for (String report : List.of("report.html", "results.json", "junit.xml", "summary.md", "badge.svg")) {
            assertThat(reports.resolve(report)).isNotEmptyFile();
        }
        JsonNode results = new ObjectMapper().readTree(reports.resolve("results.json").toFile());
        assertThat(results.path("kitVersion").asText()).isEqualTo(VERSION);
        assertThat(results.path("passed").asBoolean()).isTrue();
        assertThat(results.path("cases")).isNotEmpty()
                .allSatisfy(c -> assertThat(c.path("id").asText()).startsWith("qs.map_doc."));
        assertThat(results.path("counts").path("PASS").asInt()).isPositive();
        // The kit starts the reference query server with the java that runs it: JAVA_HOME's.
        assertThat(results.path("target").path("command").asText()).startsWith(JAVA.toRealPath() + " ");
    }

    @Test
    void findsJavaOnThePathThroughSymlinksToTheLauncherAndPassesTheJvmOptions() throws Exception {
        // A PATH holding java and ls (which the launcher reads links with), and no JAVA_HOME.
        Path tools = emptyFolder("tools");
        Files.createSymbolicLink(tools.resolve("java"), JAVA);
        Files.createSymbolicLink(tools.resolve("ls"), onPath("ls"));
        // A chain of links, as an install into /usr/local/bin makes: absolute, then relative to its own folder.
        Path links = emptyFolder("links");
        Files.createSymbolicLink(links.resolve("relative"), links.relativize(home.resolve("bin/couchtck")));
        Path absolute = Files.createSymbolicLink(emptyFolder("elsewhere").resolve("couchtck"), links.resolve("relative"));

        Ran ran = launch(absolute, Map.of(
                "PATH", tools.toString(),
                "JAVA_OPTS", "-XX:+PrintCommandLineFlags",
                "COUCHTCK_OPTS", "-Xmx301m -Dcouchtck.unused=*"), "--version");

        assertThat(ran.exit).as(ran.toString()).isZero();
        assertThat(ran.out).contains("couchtck " + VERSION)
                .contains("-XX:MaxHeapSize=" + 301L * 1024 * 1024); // both option variables reached the JVM
    }

    @Test
    void passesTheArgumentsAndExitsWithTheKitsExitCode() throws Exception {
        Ran ran = launch(home.resolve("bin/couchtck"), Map.of("JAVA_HOME", System.getProperty("java.home")),
                "list", "--bogus");

        assertThat(ran.exit).as(ran.toString()).isEqualTo(2); // the kit's usage error
        assertThat(ran.err).contains("Unknown option: '--bogus'");
    }

    @Test
    void withoutJavaSaysSoOnOneLineAndFails() throws Exception {
        Ran ran = launch(home.resolve("bin/couchtck"), Map.of("PATH", emptyFolder("empty-path").toString()),
                "--version");

        assertThat(ran.exit).as(ran.toString()).isEqualTo(127);
        assertThat(ran.out).isEmpty();
        assertThat(ran.err).isEqualTo(
                "couchtck: no java found: set JAVA_HOME or put java (17 or newer) on the PATH\n");
    }

    @Test
    void aJavaHomeWithoutJavaSaysSoOnOneLineAndFails() throws Exception {
        Path notAJdk = emptyFolder("not-a-jdk");
        Ran ran = launch(home.resolve("bin/couchtck"), Map.of("JAVA_HOME", notAJdk.toString()), "--version");

        assertThat(ran.exit).as(ran.toString()).isEqualTo(127);
        assertThat(ran.out).isEmpty();
        assertThat(ran.err).startsWith("couchtck: JAVA_HOME is '" + notAJdk + "' but " + notAJdk.resolve("bin/java")
                + " is not an executable java").hasLineCount(1);
    }

    /** cmd.exe cannot run here: the lines that make the Windows launcher what the POSIX one is are checked as text. */
    @Test
    void theWindowsLauncherHasCrlfEndingsAndItsEssentialLines() throws IOException {
        String text = Files.readString(home.resolve("bin/couchtck.cmd"), StandardCharsets.US_ASCII);
        assertThat(text.replace("\r\n", "")).as("every line ends in CRLF").doesNotContain("\n").doesNotContain("\r");

        List<String> lines = text.lines().toList();
        assertThat(lines).first().isEqualTo("@echo off");
        assertThat(lines).containsSubsequence(
                "setlocal",
                "set \"COUCHTCK_HOME=%~dp0..\"",
                "if not defined JAVA_HOME goto javaFromPath",
                "set \"JAVA_EXE=%JAVA_HOME%\\bin\\java.exe\"",
                "if exist \"%JAVA_EXE%\" goto checkJar",
                "exit /b 127",
                ":javaFromPath",
                "set \"JAVA_EXE=java.exe\"",
                "where /q java.exe",
                "if not errorlevel 1 goto checkJar",
                "echo couchtck: no java found: set JAVA_HOME or put java (17 or newer) on the PATH 1>&2",
                "exit /b 127",
                ":checkJar",
                "set \"COUCHTCK_JAR=%COUCHTCK_HOME%\\lib\\couchtck.jar\"",
                ":run",
                "\"%JAVA_EXE%\" %JAVA_OPTS% %COUCHTCK_OPTS% -jar \"%COUCHTCK_JAR%\" %*",
                "exit /b %ERRORLEVEL%");
        // No parenthesised blocks: "%JAVA_HOME%" under "Program Files (x86)" would close one early.
        assertThat(lines).filteredOn(l -> !l.startsWith("rem ") && !l.startsWith("echo "))
                .noneMatch(l -> l.contains("(") || l.contains(")"));
        // No percent signs in remarks: cmd expands them there too.
        assertThat(lines).filteredOn(l -> l.startsWith("rem ")).noneMatch(l -> l.contains("%"));
    }

    /**
     * The README's recipes for CI outside Java fetch what this build attaches: the kit module's bin zip, by
     * coordinates and by its URL in Maven Central, and unpack it to the folder the archive holds; their YAML parses.
     */
    @Test
    void theReadmeRecipesFetchTheArchiveThisBuildAttaches() throws IOException {
        String readme = Files.readString(PROJECT.resolve("README.md"));
        int start = readme.indexOf("\n## Using couchtck in CI outside Java\n");
        assertThat(start).as("README section").isPositive();
        int end = readme.indexOf("\n## ", start + 1);
        String section = readme.substring(start, end < 0 ? readme.length() : end);

        String groupId = System.getProperty("couchtck.groupId");
        String artifactId = System.getProperty("couchtck.artifactId");
        assertThat(ZIP.getFileName().toString()).isEqualTo("couchtck-" + VERSION + "-bin.zip");
        assertThat(section)
                .contains(groupId + ":" + artifactId + ":${COUCHTCK_VERSION}:zip:bin")
                .contains("https://repo1.maven.org/maven2/" + groupId.replace('.', '/') + "/" + artifactId
                        + "/${COUCHTCK_VERSION}/" + artifactId + "-${COUCHTCK_VERSION}-bin.zip")
                .contains("couchtck-${COUCHTCK_VERSION}/bin/couchtck run ")
                .contains("badge.svg");

        Matcher blocks = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL).matcher(section);
        List<JsonNode> recipes = new ArrayList<>();
        while (blocks.find()) {
            recipes.add(new YAMLMapper().readTree(blocks.group(1)));
        }
        assertThat(recipes).hasSize(2);
        JsonNode github = recipes.get(0);
        assertThat(github.path("jobs")).isNotEmpty();
        github.path("jobs").forEach(job -> assertThat(job.path("steps").isArray()).isTrue());
        JsonNode gitlab = recipes.get(1);
        assertThat(gitlab.path("couchtck").path("script").isArray()).as("GitLab job couchtck").isTrue();
        assertThat(gitlab.path("couchtck").path("artifacts").path("paths").isArray()).isTrue();
    }

    private static Map<String, String> zipFiles() throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (ZipFile zip = ZipFile.builder().setPath(ZIP).get()) {
            for (ZipArchiveEntry entry : Collections.list(zip.getEntries())) {
                if (!entry.isDirectory()) {
                    files.put(entry.getName(), PosixFilePermissions.toString(permissions(entry.getUnixMode())));
                }
            }
        }
        return files;
    }

    private static Map<String, String> tarFiles() throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new GZIPInputStream(Files.newInputStream(TAR)))) {
            for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                if (!entry.isDirectory()) {
                    files.put(entry.getName(), PosixFilePermissions.toString(permissions(entry.getMode())));
                }
            }
        }
        return files;
    }

    private static Set<PosixFilePermission> permissions(int mode) {
        StringBuilder rwx = new StringBuilder();
        for (int shift = 6; shift >= 0; shift -= 3) {
            int bits = (mode >> shift) & 7;
            rwx.append((bits & 4) != 0 ? 'r' : '-').append((bits & 2) != 0 ? 'w' : '-').append((bits & 1) != 0 ? 'x' : '-');
        }
        return PosixFilePermissions.fromString(rwx.toString());
    }

    private static String sha256(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static Path emptyFolder(String name) throws IOException {
        return Files.createDirectories(work.resolve("folders").resolve(name));
    }

    private static Path onPath(String command) {
        try (Stream<String> dirs = Stream.of(System.getenv("PATH").split(":"))) {
            return dirs.map(d -> Path.of(d, command)).filter(Files::isExecutable).findFirst()
                    .orElseThrow(() -> new AssertionError(command + " is not on the PATH"));
        }
    }

    /**
     * Runs the launcher itself (its #! line, its mode) with this environment: the test JVM's, less every variable
     * the launcher reads, plus {@code env}.
     */
    private static Ran launch(Path launcher, Map<String, String> env, String... args) throws Exception {
        return launch(launcher, Files.createTempDirectory(work, "cwd"), env, args);
    }

    private static Ran launch(Path launcher, Path cwd, Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        Path logs = Files.createTempDirectory(work, "launch");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(cwd.toFile())
                .redirectOutput(logs.resolve("out").toFile())
                .redirectError(logs.resolve("err").toFile());
        builder.environment().keySet().removeAll(List.of("JAVA_HOME", "JAVA_OPTS", "COUCHTCK_OPTS", "JAVA_TOOL_OPTIONS",
                "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"));
        builder.environment().putAll(env);
        Process process = builder.start();
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("bin/couchtck " + String.join(" ", args) + " did not end within 2 minutes");
        }
        return new Ran(process.exitValue(), Files.readString(logs.resolve("out")), Files.readString(logs.resolve("err")));
    }

    private record Ran(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }
}
