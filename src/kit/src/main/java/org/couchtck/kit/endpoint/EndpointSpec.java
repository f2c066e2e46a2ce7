package org.couchtck.kit.endpoint;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code --endpoint} names: the embedded reference endpoint (the default), a running server by URL, or an image
 * that Testcontainers starts ({@code docker:couchdb:3.5.2}).
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
     * Reads an {@code --endpoint} value; {@code user} ({@code name:password}) overrides credentials in a URL.
     *
     * @throws IllegalArgumentException with a one-line reason for a value that is none of the three
     */
    public static EndpointSpec parse(String text, Optional<String> user) {
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
            if (!image.matches("[a-z0-9][a-z0-9._/-]*(:[A-Za-z0-9._-]+)?")) {
                throw new IllegalArgumentException("--endpoint docker:IMAGE[:TAG], e.g. docker:couchdb:3.5.2, got '"
                        + text + "'");
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
