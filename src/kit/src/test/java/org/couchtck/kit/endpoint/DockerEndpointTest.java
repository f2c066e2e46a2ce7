package org.couchtck.kit.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.couchtck.kit.cli.CouchTckCommand;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.run.ProjectFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;

/**
 * {@code --endpoint docker:IMAGE} against a real Docker engine with no registry in reach: an image built here from the
 * reference endpoint is started, judged by the HTTP suite as the embedded reference is, and named by its
 * {@code docker:IMAGE} in every report; an image that is neither here nor pullable is one clear line. Skipped, saying
 * why, where no engine runs ({@code .ci/run} starts one where it can).
 *
 * <p>The kit runs as a process of its own, with the environment a user without a registry gives it
 * (TESTCONTAINERS_RYUK_DISABLED, and TESTCONTAINERS_HOST_OVERRIDE where Testcontainers would otherwise run a tiny
 * image to find the engine's address), as the README says.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class DockerEndpointTest {

    private static DockerClient engine;
    private static String image;

    @TempDir
    static Path work;

    @BeforeAll
    static void buildTheReferenceImage() throws Exception {
        try {
            engine = DockerClientProviderStrategy.getClientForConfig(DockerClientFactory.instance()
                    .getTransportConfig());
        } catch (RuntimeException e) {
            Assumptions.abort(DockerEngine.whyNot(e, System.getenv(), DockerEngine.DEFAULT_SOCKET));
        }
        Path jar = ProjectFiles.root().resolve("reference-impl/target/couchtck-reference.jar");
        Assumptions.assumeTrue(Files.isRegularFile(jar), () -> "the image holds the reference's runnable jar, which "
                + "is not built at " + jar.toAbsolutePath().normalize() + " (./mvnw -B verify builds it first)");
        image = "couchtck-reference-test:" + UUID.randomUUID().toString().substring(0, 8);
        ReferenceImage.build(engine, jar, work, image);
    }

    @AfterAll
    static void removeTheImage() {
        if (image != null) {
            engine.removeImageCmd(image).withForce(true).exec();
        }
    }

    @Test
    void theHttpSuiteThroughDockerJudgesTheImageAsTheReferenceAndNamesItByItsImage() throws Exception {
        Path reports = work.resolve("reports");

        Finished run = couchtck("run", "--suite", "http", "--endpoint", "docker:" + image, "--report-dir",
                reports.toString(), "--no-progress");

        assertThat(run.status()).as(run.output()).isZero();
        JsonNode results = new ObjectMapper().readTree(reports.resolve("results.json").toFile());
        assertThat(results.path("target").path("endpoint").asText()).startsWith("docker:" + image + " (");
        assertThat(results.path("target").path("name").asText()).isEqualTo("docker:" + image);
        assertThat(results.path("runId").asText()).contains("docker_" + image.replace(':', '_'));
        List<String> wrong = new ArrayList<>();
        int passed = 0;
        for (JsonNode result : results.path("cases")) {
            String verdict = result.path("verdict").asText();
            passed += verdict.equals("PASS") ? 1 : 0;
            if (!List.of("PASS", "WARN", "NA").contains(verdict)) {
                wrong.add(result.path("id").asText() + " " + verdict + ": " + result.path("message").asText());
            }
        }
        assertThat(wrong).isEmpty();
        // the embedded reference passes about 440 of the HTTP suite's cases; a container has no Externals API
        assertThat(passed).isGreaterThan(380);
        // the run is named by its image; only a case's transcript says where its requests went
        for (String report : List.of("junit.xml", "summary.md", "report.html")) {
            assertThat(Files.readString(reports.resolve(report))).as(report).contains("docker:" + image);
        }
        assertThat(Files.readString(reports.resolve("summary.md")).lines().limit(5)).noneMatch(line -> line
                .matches(".*https?://(localhost|127\\.0\\.0\\.1):\\d+.*"));
    }

    @Test
    void anImageNeitherHereNorPullableIsOneLineNamingItAndWhatDockerSaid() throws Exception {
        Path reports = work.resolve("absent");

        Finished run = couchtck("run", "--suite", "http", "--endpoint", "docker:couchtck.invalid/absent:1",
                "--report-dir", reports.toString(), "--no-progress");

        assertThat(run.status()).as(run.output()).isEqualTo(3);
        assertThat(run.output()).contains("couchtck: the image couchtck.invalid/absent:1 is not on this machine, "
                + "and pulling it failed: ").contains("docker load");
        assertThat(Files.readString(reports.resolve("junit.xml"))).contains("is not on this machine");
    }

    /** The kit in a process of its own, with the environment of a machine that reaches no registry. */
    private static Finished couchtck(String... args) throws Exception {
        List<String> argv = new ArrayList<>(ServerCommand.javaMain(CouchTckCommand.class.getName()).argv());
        argv.addAll(List.of(args));
        Path output = Files.createTempFile(work, "couchtck", ".txt");
        ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put("TESTCONTAINERS_RYUK_DISABLED", "true");
        if (DockerEngine.findsItsAddressWithATinyImage(engine, DockerClientFactory.instance().getTransportConfig()
                .getDockerHost(), System.getenv())) {
            // the README's advice for an engine on this machine
            builder.environment().put("TESTCONTAINERS_HOST_OVERRIDE", "localhost");
        }
        Process kit = builder.start();
        if (!kit.waitFor(10, TimeUnit.MINUTES)) {
            kit.destroyForcibly();
            throw new AssertionError("the kit did not end within 10 minutes: " + Files.readString(output));
        }
        return new Finished(kit.exitValue(), Files.readString(output));
    }

    private record Finished(int status, String output) {}
}
