package org.couchtck.reference.endpoint;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.couchtck.reference.store.ClusterLayout;

/**
 * {@code couchtck-reference.jar serve [--bind ADDRESS] [--port P] [--admin user:pass] [--ini FILE]... [--nodes N
 * [--n N] [--w W] [--lag MS] [--lagging K] [--conflicting-writes]]}: runs the endpoint until the JVM is stopped.
 * Without {@code --admin}, the admin is {@code COUCHDB_USER}/{@code COUCHDB_PASSWORD} where both are set, as CouchDB's
 * official image takes it, so that an image of the reference starts as one of CouchDB's would. {@code --ini} may come several times: the
 * files are read in order, later ones winning, as CouchDB reads default.ini, local.ini and local.d/*.ini.
 * {@code --nodes} makes it a simulated cluster ({@link ClusterLayout}): {@code n} copies of each database (default:
 * one per node), a write answered once {@code w} have it (default: a majority; 202 when fewer take it at once),
 * {@code lagging} copies (default {@code n - w}) getting each write {@code lag} ms late (default 100);
 * {@code --conflicting-writes}: every write the up-to-date copies refuse as a conflict is taken by a lagging one (202,
 * then a conflict), the worst a cluster may do.
 */
public final class EndpointMain {

    private EndpointMain() {}

    private static final String USAGE =
            "usage: java -jar couchtck-reference.jar serve [--bind ADDRESS] [--port P] [--admin user:pass] "
                    + "[--ini FILE]... "
                    + "[--nodes N [--n N] [--w W] [--lag MS] [--lagging K] [--conflicting-writes]]";

    public static void main(String[] args) throws InterruptedException {
        ReferenceEndpoint endpoint;
        try {
            endpoint = ReferenceEndpoint.start(parse(args));
        } catch (IllegalArgumentException e) {
            System.err.println("serve: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            endpoint.close();
            stopped.countDown();
        }, "couchtck-endpoint-shutdown"));
        announce(endpoint, System.out);
        stopped.await();
    }

    static void announce(ReferenceEndpoint endpoint, PrintStream out) {
        out.println("couchtck reference endpoint (CouchDB " + ServerRoutes.VERSION + " API) listening on "
                + endpoint.uri() + " (admin: " + endpoint.admin().name() + ")");
        out.flush();
    }

    static ReferenceEndpoint.Options parse(String[] args) {
        return parse(args, System.getenv());
    }

    static ReferenceEndpoint.Options parse(String[] args, java.util.Map<String, String> env) {
        ReferenceEndpoint.Options options = ReferenceEndpoint.Options.defaults().withPort(5984);
        String imageUser = env.get("COUCHDB_USER");
        String imagePassword = env.get("COUCHDB_PASSWORD");
        if (imageUser != null && !imageUser.isEmpty() && imagePassword != null && !imagePassword.isEmpty()) {
            options = options.withAdmin(new Credentials(imageUser, imagePassword));
        }
        List<Path> iniFiles = new ArrayList<>();
        Integer nodes = null;
        Integer n = null;
        Integer w = null;
        Integer lagging = null;
        boolean conflictingWrites = false;
        long lag = 100;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--bind" -> options = options.withHost(value(args, ++i, arg));
                case "--port" -> options = options.withPort(port(value(args, ++i, arg)));
                case "--admin" -> options = options.withAdmin(Credentials.parse(value(args, ++i, arg)));
                case "--ini" -> iniFiles.add(iniFile(value(args, ++i, arg)));
                case "--nodes" -> nodes = count(value(args, ++i, arg), arg, 1);
                case "--n" -> n = count(value(args, ++i, arg), arg, 1);
                case "--w" -> w = count(value(args, ++i, arg), arg, 1);
                case "--lagging" -> lagging = count(value(args, ++i, arg), arg, 0);
                case "--lag" -> lag = count(value(args, ++i, arg), arg, 0);
                case "--conflicting-writes" -> conflictingWrites = true;
                default -> throw new IllegalArgumentException("unknown option '" + arg + "'");
            }
        }
        if (nodes == null && (n != null || w != null || lagging != null || conflictingWrites)) {
            throw new IllegalArgumentException("--n, --w, --lagging and --conflicting-writes shape a cluster: give "
                    + "--nodes too");
        }
        if (nodes != null) {
            int copies = n == null ? nodes : n;
            int quorum = w == null ? copies / 2 + 1 : w;
            options = options.withCluster(new ClusterLayout(nodes, copies, quorum,
                    lagging == null ? copies - quorum : lagging, lag, false, conflictingWrites));
        }
        return options.withIniFiles(iniFiles);
    }

    private static int count(String text, String option, int least) {
        try {
            int value = Integer.parseInt(text);
            if (value < least) {
                throw new IllegalArgumentException(option + " must be at least " + least + ", got " + text);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " must be a whole number, got '" + text + "'");
        }
    }

    private static Path iniFile(String text) {
        Path path = Path.of(text).toAbsolutePath();
        if (!Files.exists(path)) {
            throw new IllegalArgumentException("--ini: no such file: " + text);
        }
        if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
            throw new IllegalArgumentException("--ini: not a readable file: " + text);
        }
        return path;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static int port(String text) {
        try {
            int port = Integer.parseInt(text);
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("--port must be 0..65535, got " + text);
            }
            return port;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--port must be a number, got '" + text + "'");
        }
    }
}
