package org.couchtck.kit.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DockerEngineTest {

    private static final IllegalStateException NO_ENVIRONMENT = new IllegalStateException("Could not find a valid "
            + "Docker environment. Please see logs and check configuration");

    @TempDir
    Path dir;

    @Test
    void noEngineNamesTheSocketThatIsMissing() {
        String why = DockerEngine.whyNot(NO_ENVIRONMENT, Map.of(), dir.resolve("docker.sock"));

        assertThat(why).startsWith("no Docker engine is reachable here: DOCKER_HOST is not set and "
                + dir.resolve("docker.sock") + " does not exist (is dockerd running?)")
                .contains("--endpoint http://").doesNotContain("\n");
    }

    @Test
    void noEngineNamesTheDockerHostThatDidNotAnswer() {
        String why = DockerEngine.whyNot(NO_ENVIRONMENT, Map.of("DOCKER_HOST", "tcp://10.0.0.9:2375"),
                dir.resolve("docker.sock"));

        assertThat(why).contains("DOCKER_HOST is tcp://10.0.0.9:2375 and no engine answered there");
    }

    @Test
    void noEngineNamesASocketLeftBehindByAnEngineThatStopped() throws IOException {
        Path socket = dir.resolve("docker.sock");
        try (ServerSocketChannel engine = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            engine.bind(UnixDomainSocketAddress.of(socket));
        }

        String why = DockerEngine.whyNot(NO_ENVIRONMENT, Map.of(), socket);

        assertThat(why).contains("connecting to " + socket + " failed: ");
    }

    @Test
    void aCleanUpContainerThatCannotStartSaysHowToDoWithoutIt() {
        RuntimeException failure = new IllegalStateException("Could not connect to Ryuk at localhost:32771",
                new IllegalStateException("Connection refused"));

        String why = DockerEngine.whyNot(failure, Map.of(), dir.resolve("docker.sock"));

        assertThat(why).isEqualTo("Testcontainers could not start its clean-up container (testcontainers/ryuk): "
                + "Could not connect to Ryuk at localhost:32771: Connection refused; set "
                + "TESTCONTAINERS_RYUK_DISABLED=true to do without it (the kit removes its own container when the run "
                + "ends)");
    }

    @Test
    void causesAreOneLineWithoutRepeats() {
        RuntimeException failure = new RuntimeException("outer\n  detail", new RuntimeException("outer\n  detail",
                new IOException("root")));

        assertThat(DockerEngine.causes(failure)).isEqualTo("outer detail: root");
    }

    @Test
    void theImagesTestcontainersNeedsAreTheOnesItsClassesName() throws IOException {
        // a Testcontainers upgrade that changes them must change these too, or offline runs are told the wrong image
        assertThat(classText("org/testcontainers/utility/RyukContainer.class")).contains(DockerEngine.RYUK_IMAGE);
        assertThat(classText("org/testcontainers/DockerClientFactory.class")).contains(DockerEngine.TINY_IMAGE);
    }

    private static String classText(String resource) throws IOException {
        try (InputStream in = DockerEngine.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
