package org.couchtck.maven;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.couchtck.maven.testservers.FalseServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The definition of done: a Java project outside this repository, made here in a temporary folder, gets
 * conformance in its {@code mvn verify} with nothing but the README's snippet added to its pom, built by a real Maven
 * (the one running this build) from the repository invoker:install filled.
 */
class ReadmeSnippetIT {

    private static final Pattern XML_BLOCK = Pattern.compile("```xml\\n(.*?)```", Pattern.DOTALL);

    @TempDir
    Path project;

    private String snippet;

    @BeforeEach
    void makeTheProject() throws IOException {
        snippet = readmeSnippet();
        Files.writeString(project.resolve("pom.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>com.example</groupId>
                  <artifactId>sample-view-server</artifactId>
                  <version>1.0</version>
                  <properties>
                    <maven.compiler.release>17</maven.compiler.release>
                    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
                  </properties>
                  <build>
                    <plugins>
                %s
                    </plugins>
                  </build>
                </project>
                """.formatted(snippet));
        Path source = project.resolve("src/main/java/com/example/Sample.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, "package com.example;\n\npublic final class Sample {}\n");
    }

    @Test
    void the_readme_snippet_alone_runs_both_suites_in_mvn_verify_and_fails_the_build_for_a_broken_server()
            throws Exception {
        assertThat(snippet).contains("<version>" + System.getProperty("couchtck.plugin.version") + "</version>");

        Build passing = maven("verify");

        assertThat(passing.status()).as(passing.log()).isZero();
        assertThat(passing.log()).contains("BUILD SUCCESS");
        JsonNode results = new ObjectMapper().readTree(project.resolve("target/couchtck-reports/results.json").toFile());
        List<String> ids = new ArrayList<>();
        results.get("cases").forEach(c -> ids.add(c.get("id").asText()));
        assertThat(ids).anyMatch(id -> id.startsWith("qs.")).anyMatch(id -> id.startsWith("http."));
        assertThat(results.get("cases")).noneMatch(c -> List.of("FAIL", "ERROR", "STALE")
                .contains(c.get("verdict").asText()));
        assertThat(project.resolve("target/failsafe-reports/TEST-couchtck.xml")).isRegularFile();

        Build failing = maven("verify", "-Dcouchtck.server=" + falseServer(), "-Dcouchtck.suites=query-server",
                "-Dcouchtck.includes=qs.map_doc.emit-many");

        assertThat(failing.status()).as(failing.log()).isNotZero();
        assertThat(failing.log()).contains("BUILD FAILURE").contains("FAIL qs.map_doc.emit-many")
                .contains(project.resolve("target/couchtck-reports/report.html").toString());
    }

    /** The README's pom snippet: the xml block that names the plugin. */
    private static String readmeSnippet() throws IOException {
        String readme = Files.readString(Path.of(System.getProperty("couchtck.project.dir"), "README.md"));
        Matcher block = XML_BLOCK.matcher(readme);
        while (block.find()) {
            if (block.group(1).contains("<artifactId>couchtck-maven-plugin</artifactId>")) {
                return block.group(1);
            }
        }
        throw new AssertionError("README.md has no ```xml block with the couchtck-maven-plugin");
    }

    private static String falseServer() {
        return Path.of(System.getProperty("java.home"), "bin", "java") + " -cp "
                + Path.of(FalseServer.class.getProtectionDomain().getCodeSource().getLocation().getPath())
                + " " + FalseServer.class.getName();
    }

    private Build maven(String... arguments) throws Exception {
        Path settings = project.resolve("settings.xml");
        Files.writeString(settings, settingsResolvingFrom(Path.of(System.getProperty("couchtck.outer.repository"))));
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("couchtck.maven.home"), "bin", "mvn").toString(), "-B",
                "-s", settings.toString(), "-Dmaven.repo.local=" + System.getProperty("couchtck.it.repository")));
        command.addAll(List.of(arguments));
        Path log = Files.createTempFile(project, "build", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process maven = builder.start();
        try {
            if (!maven.waitFor(10, TimeUnit.MINUTES)) {
                throw new AssertionError("mvn " + String.join(" ", arguments) + " ran past 10 minutes:\n"
                        + Files.readString(log));
            }
            return new Build(maven.exitValue(), Files.readString(log));
        } finally {
            maven.descendants().forEach(ProcessHandle::destroyForcibly);
            maven.destroyForcibly();
        }
    }

    /** Settings that take artifacts from the outer build's repository first (a copy, no download), then Central. */
    private static String settingsResolvingFrom(Path outerRepository) {
        String url = outerRepository.toUri().toString();
        return """
                <settings>
                  <profiles>
                    <profile>
                      <id>outer</id>
                      <repositories>
                        <repository><id>outer</id><url>%1$s</url></repository>
                      </repositories>
                      <pluginRepositories>
                        <pluginRepository><id>outer</id><url>%1$s</url></pluginRepository>
                      </pluginRepositories>
                    </profile>
                  </profiles>
                  <activeProfiles><activeProfile>outer</activeProfile></activeProfiles>
                </settings>
                """.formatted(url);
    }

    private record Build(int status, String log) {}
}
