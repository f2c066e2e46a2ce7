package org.couchtck.kit.endpoint;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.exception.DockerClientException;
import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.PullResponseItem;
import java.io.IOException;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;
import org.testcontainers.dockerclient.TransportConfig;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.ImageNameSubstitutor;
import org.testcontainers.utility.TestcontainersConfiguration;

/**
 * The Docker engine Testcontainers finds, and an image on it. Each way this can fail is named by its own cause — no
 * engine, Testcontainers' clean-up container unobtainable, an image neither here nor pullable — instead of one "not
 * reachable" for all, and within a bound: where no registry answers, a pull fails when Docker says so, or when
 * Testcontainers' pull timeout runs out.
 */
final class DockerEngine {

    /** The clean-up container's image, as Testcontainers 2.0.5 names it (RyukContainer) before substitution. */
    static final String RYUK_IMAGE = "testcontainers/ryuk:0.14.0";
    /** The image Testcontainers 2.0.5 runs to find the engine's gateway (DockerClientFactory's tiny image). */
    static final String TINY_IMAGE = "alpine:3.17";
    /** Where a Docker engine listens when nothing says otherwise. */
    static final Path DEFAULT_SOCKET = Path.of("/var/run/docker.sock");

    private final DockerClient client;

    private DockerEngine(DockerClient client) {
        this.client = client;
    }

    /**
     * The engine Testcontainers finds (DOCKER_HOST, ~/.testcontainers.properties, the default socket), with the images
     * Testcontainers itself will need on it before it starts anything: its clean-up container's (unless
     * TESTCONTAINERS_RYUK_DISABLED is true) and, where the kit runs inside a container and the engine's bridge
     * network names no gateway, the tiny image it runs to find the engine's address (unless
     * TESTCONTAINERS_HOST_OVERRIDE says it). Without a registry these would be pulled again and again for minutes.
     *
     * @throws EndpointStartException saying which of these failed and what to do about it
     */
    static DockerEngine connect() {
        return connect(System.getenv());
    }

    static DockerEngine connect(Map<String, String> env) {
        DockerEngine engine;
        try {
            TransportConfig transport = DockerClientFactory.instance().getTransportConfig();
            engine = new DockerEngine(DockerClientProviderStrategy.getClientForConfig(transport));
            if (!Boolean.parseBoolean(env.get("TESTCONTAINERS_RYUK_DISABLED"))) {
                engine.haveFor(RYUK_IMAGE, "Testcontainers' clean-up "
                        + "container", "or set TESTCONTAINERS_RYUK_DISABLED=true (the kit removes its own container "
                        + "when the run ends)");
            }
            if (findsItsAddressWithATinyImage(engine.client, transport.getDockerHost(), env)) {
                engine.haveFor(TINY_IMAGE, "Testcontainers' look-up "
                        + "of the engine's address from inside this container (its bridge network names no gateway)",
                        "or set TESTCONTAINERS_HOST_OVERRIDE to the address where the engine's published ports are "
                        + "reached (localhost where the engine runs on this machine)");
            }
            // Testcontainers' own client, used for the container, starts the clean-up container now
            DockerClientFactory.instance().client();
        } catch (EndpointStartException e) {
            throw e;
        } catch (RuntimeException | LinkageError e) {
            throw new EndpointStartException(whyNot(e, env, DEFAULT_SOCKET), e);
        }
        return engine;
    }

    /**
     * Whether Testcontainers will run its tiny image to find the address of {@code engine}'s published ports: for an
     * engine on a Unix socket, from inside a container (/.dockerenv), when the bridge network names no gateway and
     * TESTCONTAINERS_HOST_OVERRIDE does not say the address.
     */
    static boolean findsItsAddressWithATinyImage(DockerClient engine, URI dockerHost, Map<String, String> env) {
        if (!Files.exists(Path.of("/.dockerenv")) || !"unix".equals(dockerHost.getScheme())
                || !env.getOrDefault("TESTCONTAINERS_HOST_OVERRIDE", "").isBlank()) {
            return false;
        }
        try {
            return engine.inspectNetworkCmd().withNetworkId("bridge").exec().getIpam().getConfig().stream()
                    .noneMatch(config -> config.getGateway() != null);
        } catch (RuntimeException e) {
            return true;
        }
    }

    /** {@link #have(String)} for an image Testcontainers needs, saying so and how to do without it. */
    private void haveFor(String image, String what, String instead) {
        String name = ImageNameSubstitutor.instance().apply(DockerImageName.parse(image)).asCanonicalNameString();
        missing(name).ifPresent(why -> {
            throw new EndpointStartException(what + " needs the image " + name + ", which is not on this machine, and "
                    + why + "; where no registry is reachable, load it into the engine (docker load -i FILE), "
                    + instead, null);
        });
    }

    /**
     * Makes sure {@code image} is on this engine: there already, or pulled within Testcontainers' pull timeout
     * ({@code TESTCONTAINERS_PULL_TIMEOUT}, 120 s by default).
     *
     * @throws EndpointStartException naming the image and what Docker said
     */
    void have(String image) {
        missing(image).ifPresent(why -> {
            throw new EndpointStartException("the image " + image + " is not on this machine, and " + why
                    + "; where no registry is reachable, build or load it into this engine first (docker build -t "
                    + image + " DIR, docker load -i FILE)", null);
        });
    }

    /** Why {@code image} is not on this engine even after a pull; empty when it is. */
    private Optional<String> missing(String image) {
        try {
            client.inspectImageCmd(image).exec();
            return Optional.empty();
        } catch (NotFoundException e) {
            // not here: pull it
        } catch (DockerException | DockerClientException e) {
            throw new EndpointStartException("the Docker engine could not say whether it has " + image + ": "
                    + causes(e), e);
        }
        Duration bound = Duration.ofSeconds(TestcontainersConfiguration.getInstance().getImagePullTimeout());
        DockerImageName name = DockerImageName.parse(image);
        Pull pull = client.pullImageCmd(name.getUnversionedPart()).withTag(name.getVersionPart()).exec(new Pull());
        try (pull) {
            if (!pull.awaitCompletion(bound.toMillis(), TimeUnit.MILLISECONDS)) {
                return Optional.of("pulling it did not finish within " + bound.toSeconds()
                        + " s (TESTCONTAINERS_PULL_TIMEOUT)");
            }
            return Optional.ofNullable(pull.error).map(error -> "pulling it failed: " + error);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EndpointStartException("interrupted while pulling " + image, e);
        } catch (IOException | RuntimeException e) {
            return Optional.of("pulling it failed: " + causes(e));
        }
    }

    /** What a failure of Testcontainers to reach an engine means, for someone who has to fix it. */
    static String whyNot(Throwable failure, Map<String, String> env, Path defaultSocket) {
        String said = causes(failure);
        if (said.toLowerCase(Locale.ROOT).contains("ryuk")) {
            return "Testcontainers could not start its clean-up container (testcontainers/ryuk): " + said
                    + "; set TESTCONTAINERS_RYUK_DISABLED=true to do without it (the kit removes its own container "
                    + "when the run ends)";
        }
        if (said.contains("valid Docker environment")) {
            return "no Docker engine is reachable here: " + socketDiagnosis(env, defaultSocket) + " (start one, "
                    + "or run the server yourself and pass --endpoint http://user:pass@host:5984)";
        }
        return "Testcontainers could not use the Docker engine: " + said;
    }

    /** Why the engine's usual places did not answer: the variable that names one, or the socket itself. */
    static String socketDiagnosis(Map<String, String> env, Path socket) {
        String host = env.get("DOCKER_HOST");
        if (host != null && !host.isBlank()) {
            return "DOCKER_HOST is " + host + " and no engine answered there";
        }
        if (!Files.exists(socket)) {
            return "DOCKER_HOST is not set and " + socket + " does not exist (is dockerd running?)";
        }
        try (SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
            return socket + " accepts connections but did not answer as a Docker engine";
        } catch (IOException | UnsupportedOperationException e) {
            return "connecting to " + socket + " failed: " + e.getMessage();
        }
    }

    /** A pull's progress, keeping the error the engine reports inside its stream (a pull's HTTP status is 200). */
    private static final class Pull extends ResultCallback.Adapter<PullResponseItem> {
        private volatile String error;

        @Override
        public void onNext(PullResponseItem item) {
            if (item.isErrorIndicated()) {
                error = item.getErrorDetail() != null && item.getErrorDetail().getMessage() != null
                        ? item.getErrorDetail().getMessage() : item.getError();
            }
        }
    }

    /** The distinct messages of a failure and its causes, outermost first. */
    static String causes(Throwable failure) {
        Set<String> messages = new LinkedHashSet<>();
        for (Throwable t = failure; t != null && messages.size() < 6; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage().strip();
            messages.add(message.replaceAll("\\s+", " "));
        }
        return String.join(": ", messages);
    }
}
