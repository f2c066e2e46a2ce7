package org.couchtck.kit.endpoint;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code --endpoint} and {@code --endpoint-command} name: the embedded reference endpoint (the default), a running
 * server by URL, an image that Testcontainers starts ({@code docker:couchdb:3.5.2}), or a command the kit launches and
 * supervises.
 */
public sealed interface EndpointSpec {

    /** A short name for reports. */
    String describe();

    /** The reference endpoint, started in this JVM on a free port. */
    record Reference() implements EndpointSpec {
        @Override
        public String describe() {
            return "reference endpoint";
        }
    }

    /** A server already running at {@code uri} (credentials from the URL or {@code --user}). */
    record Url(URI uri, Optional<Credentials> admin) implements EndpointSpec {
        public Url {
            Objects.requireNonNull(uri, "uri");
            Objects.requireNonNull(admin, "admin");
        }

        @Override
        public String describe() {
            return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort())
                    + (uri.getRawPath() == null ? "" : uri.getRawPath());
        }
    }

    /** A container of {@code image} (e.g. {@code couchdb:3.5.2}), started and removed by the kit. */
    record Docker(String image) implements EndpointSpec {
        public Docker {
            Objects.requireNonNull(image, "image");
        }

        @Override
        public String describe() {
            return "docker:" + image;
        }
    }

    /**
     * A server the kit starts with {@code command} and supervises: {@code {port}} in it becomes a free port (where it
     * listens, on 127.0.0.1), {@code {dir}} a new folder the kit deletes at the end; with {@code url} (an
     * {@code --endpoint} beside it) the server listens there and {@code {port}} is that URL's port.
     */
    record Command(String command, Optional<URI> url, Optional<Credentials> admin) implements EndpointSpec {
        /** What in a command becomes the port. */
        public static final String PORT = "{port}";
        /** What in a command becomes a folder of the run's own. */
        public static final String DIR = "{dir}";

        public Command {
            Objects.requireNonNull(command, "command");
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(admin, "admin");
            if (command.isBlank()) {
                throw new IllegalArgumentException("--endpoint-command is empty");
            }
            if (url.isEmpty() && !command.contains(PORT)) {
                throw new IllegalArgumentException("--endpoint-command needs {port} where the server is told its "
                        + "port (the kit picks a free one), or --endpoint http://host:port where it listens");
            }
        }

        @Override
        public String describe() {
            return "command: " + command;
        }
    }

    /**
     * Reads an {@code --endpoint} value; {@code user} ({@code name:password}) overrides credentials in a URL.
     *
     * @throws IllegalArgumentException with a one-line reason for a value that is none of the three
     */
    public static EndpointSpec parse(String text, Optional<String> user) {
        return parse(text, user, Optional.empty());
    }

    /**
     * Reads {@code --endpoint}, {@code --user} and {@code --endpoint-command} together: a command makes a {@link
     * Command} (an {@code --endpoint} URL beside it says where it listens); without one, as {@link #parse(String,
     * Optional)}.
     *
     * @throws IllegalArgumentException with a one-line reason for values that do not go together
     */
    public static EndpointSpec parse(String text, Optional<String> user, Optional<String> command) {
        if (command.isPresent() && !command.get().isBlank()) {
            Optional<Credentials> given = user.map(EndpointSpec::credentials);
            if (text == null || text.isBlank()) {
                return new Command(command.get(), Optional.empty(), given);
            }
            EndpointSpec where = parse(text, Optional.empty(), Optional.empty());
            if (!(where instanceof Url url)) {
                throw new IllegalArgumentException("--endpoint-command goes with --endpoint http://host:port (where "
                        + "the command's server listens) or without --endpoint, not with '" + text + "'");
            }
            return new Command(command.get(), Optional.of(url.uri()), given.or(url::admin));
        }
        return parseWithoutCommand(text, user);
    }

    private static EndpointSpec parseWithoutCommand(String text, Optional<String> user) {
        Optional<Credentials> given = user.map(EndpointSpec::credentials);
        if (text == null || text.isBlank() || text.equals("reference")) {
            if (given.isPresent()) {
                throw new IllegalArgumentException("--user needs --endpoint URL: the reference endpoint's admin is "
                        + "the kit's own");
            }
            return new Reference();
        }
        if (text.startsWith("docker:")) {
            String image = text.substring("docker:".length());
            try {
                // Docker's own grammar: a registry with a port, a path, a tag, a digest
                org.testcontainers.utility.DockerImageName.parse(image).assertValid();
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw new IllegalArgumentException("--endpoint docker:IMAGE, an image reference such as "
                        + "docker:couchdb:3.5.2 or docker:localhost:5000/couchdb@sha256:..., got '" + text + "'");
            }
            return new Docker(image);
        }
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("--endpoint is not a URL: " + text);
        }
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("--endpoint must be http(s)://host[:port], docker:IMAGE or "
                    + "'reference', got '" + text + "'");
        }
        Optional<Credentials> fromUrl = Credentials.fromUserInfo(uri.getUserInfo());
        return new Url(uri, given.or(() -> fromUrl));
    }

    private static Credentials credentials(String text) {
        int colon = text.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("--user is name:password, got '" + text + "'");
        }
        return new Credentials(text.substring(0, colon), text.substring(colon + 1));
    }
}
