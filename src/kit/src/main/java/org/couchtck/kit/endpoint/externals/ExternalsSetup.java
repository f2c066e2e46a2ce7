package org.couchtck.kit.endpoint.externals;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.couchtck.kit.endpoint.EndpointTarget;
import org.couchtck.kit.endpoint.Externals;
import org.couchtck.kit.endpoint.HttpEndpoint;

/**
 * What one run sets up for the Externals API cases, and takes down at its end: the kit's backend, and for an
 * endpoint the kit starts, the ini file it starts it with. {@link #externals()} is what the cases find.
 */
public final class ExternalsSetup implements AutoCloseable {

    private final Externals externals;
    private final Optional<KitBackend> backend;
    private final Optional<HttpEndpoint> backendClient;
    private final Optional<IniFile> ini;

    private ExternalsSetup(Externals externals, Optional<KitBackend> backend, Optional<HttpEndpoint> backendClient,
            Optional<IniFile> ini) {
        this.externals = externals;
        this.backend = backend;
        this.backendClient = backendClient;
        this.ini = ini;
    }

    /** Nothing set up: every feature absent, for {@code why}. */
    public static ExternalsSetup none(String why) {
        return new ExternalsSetup(Externals.none(why), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /**
     * For an endpoint the kit is about to start: the backend on a free port, and an ini file in a folder of its own
     * (deleted by {@link #close()}) with everything of {@link ExternalsConfig} (the late daemon's section and handler
     * too), its daemons on free ports.
     */
    public static ExternalsSetup forStartedEndpoint(Duration timeout) throws IOException {
        Path folder = Files.createTempDirectory("couchtck-externals-");
        return intoIni(folder.resolve("couchtck-externals.ini"), timeout);
    }

    /**
     * For an endpoint the kit started with the ini file {@code path} (of a folder of its own, which {@link #close()}
     * deletes): the backend on a free port, and everything of {@link ExternalsConfig} written into the file (the late
     * daemon's section and handler too), its daemons on free ports. The endpoint is to read the file again ({@link
     * #onIniChange}).
     */
    public static ExternalsSetup intoIni(Path path, Duration timeout) throws IOException {
        KitBackend backend = KitBackend.start(0);
        try {
            ExternalsConfig config = new ExternalsConfig(backend.uri(), freePort(), freePort(), freePort());
            IniFile ini = IniFile.write(path, config.sections(true));
            HttpEndpoint client = HttpEndpoint.of(backend.uri(), timeout);
            Externals externals = new Externals(Map.of(), Optional.of(client::send), Optional.of(ini),
                    variables(backend.uri()));
            return new ExternalsSetup(externals, Optional.of(backend), Optional.of(client), Optional.of(ini));
        } catch (IOException | RuntimeException e) {
            backend.close();
            throw e;
        }
    }

    /**
     * For an endpoint the kit did not start: what its configuration has ({@link ExternalsProbe}), and the backend
     * where that configuration expects it (on this machine only).
     */
    public static ExternalsSetup forRunningEndpoint(EndpointTarget target, Duration timeout)
            throws InterruptedException {
        ExternalsProbe.Found found = new ExternalsProbe(target, timeout).probe();
        Map<String, String> absent = new LinkedHashMap<>(found.absent());
        if (found.backend().isEmpty()) {
            return new ExternalsSetup(new Externals(absent, Optional.empty(), Optional.empty(), Map.of()),
                    Optional.empty(), Optional.empty(), Optional.empty());
        }
        URI wanted = found.backend().get();
        Optional<String> unusable = unusableBackend(wanted);
        KitBackend backend = null;
        if (unusable.isEmpty()) {
            try {
                backend = KitBackend.start(wanted.getPort());
            } catch (IllegalStateException e) {
                unusable = Optional.of(e.getMessage());
            }
        }
        if (unusable.isPresent()) {
            String why = "the endpoint's configuration puts the kit's backend at " + wanted + ", but "
                    + unusable.get();
            absent.put(Externals.BACKEND, why);
            return new ExternalsSetup(new Externals(absent, Optional.empty(), Optional.empty(), Map.of()),
                    Optional.empty(), Optional.empty(), Optional.empty());
        }
        HttpEndpoint client = HttpEndpoint.of(backend.uri(), timeout);
        return new ExternalsSetup(new Externals(absent, Optional.of(client::send), Optional.empty(),
                variables(wanted)), Optional.of(backend), Optional.of(client), Optional.empty());
    }

    /** Why the kit cannot run its backend at {@code wanted}, if it cannot. */
    private static Optional<String> unusableBackend(URI wanted) {
        if (!"http".equals(wanted.getScheme()) || wanted.getPort() <= 0) {
            return Optional.of("the kit runs its backend at http://127.0.0.1:PORT only");
        }
        try {
            if (!InetAddress.getByName(wanted.getHost()).isLoopbackAddress()) {
                return Optional.of("the kit runs its backend on this machine's loopback interface only");
            }
        } catch (UnknownHostException e) {
            return Optional.of("its host is unknown here");
        }
        return Optional.empty();
    }

    private static Map<String, String> variables(URI backend) {
        Map<String, String> variables = new LinkedHashMap<>(KitPrograms.variables());
        variables.put(Externals.BACKEND_URL, backend.toString());
        return variables;
    }

    /** A port nothing listens on right now. */
    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    public Externals externals() {
        return externals;
    }

    /** The ini file an endpoint the kit starts is to read, when the kit wrote one. */
    public Optional<Path> ini() {
        return ini.map(IniFile::path);
    }

    /** Calls {@code reload} after every change a case makes to the ini, when the kit wrote one. */
    public void onIniChange(Runnable reload) {
        ini.ifPresent(file -> file.onChange(reload));
    }

    /** The kit's backend, when it runs one. */
    public Optional<KitBackend> backend() {
        return backend;
    }

    @Override
    public void close() {
        backendClient.ifPresent(HttpEndpoint::close);
        backend.ifPresent(KitBackend::close);
        ini.ifPresent(file -> {
            try {
                Files.deleteIfExists(file.path());
                Files.deleteIfExists(file.path().getParent());
            } catch (IOException e) {
                // a leftover in the temporary folder is no verdict of the run's
            }
        });
    }
}
