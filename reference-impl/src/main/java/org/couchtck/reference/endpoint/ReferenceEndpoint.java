package org.couchtck.reference.endpoint;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import org.couchtck.reference.ken.Ken;
import org.couchtck.reference.ken.KenConfig;
import java.util.concurrent.Executors;
import org.couchtck.reference.collation.ViewCollation;
import org.couchtck.reference.config.IniFiles;
import org.couchtck.reference.config.IniValues;
import org.couchtck.reference.daemons.DaemonHost;
import org.couchtck.reference.daemons.DaemonInfo;
import org.couchtck.reference.daemons.ProcessLauncher;
import org.couchtck.reference.log.CouchLog;
import org.couchtck.reference.log.StderrLog;
import org.couchtck.reference.log.ThresholdLog;
import org.couchtck.reference.views.ViewIndexes;
import java.util.Objects;
import org.couchtck.reference.globalchanges.DbEvent;
import org.couchtck.reference.globalchanges.GlobalChanges;
import org.couchtck.reference.globalchanges.GlobalChangesConfig;
import org.couchtck.reference.store.ClusterLayout;
import org.couchtck.reference.store.Store;
import org.couchtck.reference.time.Scheduler;
import org.couchtck.reference.time.SystemScheduler;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The reference CouchDB-compatible HTTP endpoint: an in-memory store behind CouchDB's HTTP API, with the
 * global_changes batcher feeding {@code /_db_updates}, configured by ini files as CouchDB is, and running the OS
 * daemons they list. Start it, use {@link #uri()}, close it; closing ends every open feed, stops every thread it
 * started and every process it ran.
 */
public final class ReferenceEndpoint implements AutoCloseable {

    /**
     * How to start an endpoint.
     *
     * @param queryServers where {@code COUCHDB_QUERY_SERVER_<LANG>} settings are read from (the process environment
     *     by default): each names the command of language {@code <lang>}'s query server
     * @param iniFiles the node's configuration files, read in order (later files win, as local.ini over
     *     default.ini), and read again whenever they change: {@code [os_daemons]} lists the OS daemons to run
     * @param daemonStopGrace how long a stopped OS daemon may take to exit after its input closed before its process
     *     tree is killed
     * @param log where the node logs (the OS daemons' messages among others), the messages at or above {@code [log]
     *     level} (default info); standard error by default
     * @param cluster the cluster the endpoint simulates ({@link ClusterLayout}); a single node by default
     */
    public record Options(String host, int port, Credentials admin, GlobalChangesConfig globalChanges,
            Map<String, String> queryServers, List<Path> iniFiles, Duration daemonStopGrace, CouchLog log,
            ClusterLayout cluster) {
        public Options {
            Objects.requireNonNull(host, "host");
            Objects.requireNonNull(admin, "admin");
            Objects.requireNonNull(globalChanges, "globalChanges");
            queryServers = Map.copyOf(queryServers);
            iniFiles = List.copyOf(iniFiles);
            Objects.requireNonNull(daemonStopGrace, "daemonStopGrace");
            Objects.requireNonNull(log, "log");
            Objects.requireNonNull(cluster, "cluster");
        }

        /**
         * Loopback, a free port, admin {@code admin:admin}, CouchDB's global_changes defaults, the environment, no
         * ini file, a 5 s stop grace, standard error.
         */
        public static Options defaults() {
            return new Options("127.0.0.1", 0, new Credentials("admin", "admin"), GlobalChangesConfig.defaults(),
                    System.getenv(), List.of(), DaemonHost.DEFAULT_STOP_GRACE, new StderrLog(System.err, NodeConfig.NODE),
                    ClusterLayout.SINGLE_NODE);
        }

        /** This endpoint listening on {@code address} (CouchDB's {@code bind_address}; 0.0.0.0 for every one). */
        public Options withHost(String address) {
            return new Options(address, port, admin, globalChanges, queryServers, iniFiles, daemonStopGrace, log,
                    cluster);
        }

        public Options withPort(int newPort) {
            return new Options(host, newPort, admin, globalChanges, queryServers, iniFiles, daemonStopGrace,
                    log, cluster);
        }

        public Options withAdmin(Credentials newAdmin) {
            return new Options(host, port, newAdmin, globalChanges, queryServers, iniFiles, daemonStopGrace,
                    log, cluster);
        }

        public Options withGlobalChanges(GlobalChangesConfig config) {
            return new Options(host, port, admin, config, queryServers, iniFiles, daemonStopGrace, log, cluster);
        }

        /** The query servers of other languages, as {@code COUCHDB_QUERY_SERVER_<LANG>} name to command. */
        public Options withQueryServers(Map<String, String> settings) {
            return new Options(host, port, admin, globalChanges, settings, iniFiles, daemonStopGrace, log, cluster);
        }

        /** The ini files, in the order they are read. */
        public Options withIniFiles(List<Path> files) {
            return new Options(host, port, admin, globalChanges, queryServers, files, daemonStopGrace, log, cluster);
        }

        public Options withDaemonStopGrace(Duration grace) {
            return new Options(host, port, admin, globalChanges, queryServers, iniFiles, grace, log, cluster);
        }

        public Options withLog(CouchLog sink) {
            return new Options(host, port, admin, globalChanges, queryServers, iniFiles, daemonStopGrace,
                    sink, cluster);
        }

        /** The cluster the endpoint simulates. */
        public Options withCluster(ClusterLayout layout) {
            return new Options(host, port, admin, globalChanges, queryServers, iniFiles, daemonStopGrace, log, layout);
        }
    }

    private final Options options;
    private final Store store;
    private final SystemScheduler scheduler;
    private final GlobalChanges globalChanges;
    private final QueryServerPool queryServers;
    private final ViewIndexes viewIndexes;
    private final ExecutorService background;
    /** Set once the routes exist; events before that (the system databases) need no indexing. */
    private volatile Ken ken;
    private final Server server;
    private final ServerConnector connector;
    private final IniReloader iniReloader;
    private final ProcessLauncher daemonProcesses;
    private final DaemonHost daemons;
    private final NodeConfig config = new NodeConfig();
    private final ConfiguredRoutes configured;

    private ReferenceEndpoint(Options options, IniValues ini) {
        this.options = options;
        this.scheduler = new SystemScheduler("couchtck-endpoint-scheduler");
        this.store = new Store(() -> System.currentTimeMillis() * 1000, options.cluster(), scheduler);
        this.globalChanges = new GlobalChanges(scheduler, new GlobalChangesDatabase(store), options.globalChanges());
        this.queryServers = new QueryServerPool(options.queryServers());
        this.viewIndexes = new ViewIndexes(view -> view.rawCollation() ? ViewCollation.RAW : ViewCollation.COUCHDB,
                System::currentTimeMillis);
        this.background = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "couchtck-endpoint-indexer");
            thread.setDaemon(true);
            return thread;
        });
        store.addListener(new Store.Events() {
            @Override
            public void created(String dbName) {
                globalChanges.onEvent(dbName, DbEvent.CREATED);
            }

            @Override
            public void updated(String dbName) {
                Ken k = ken;
                if (k != null) {
                    k.dbUpdated(dbName);
                }
                globalChanges.onEvent(dbName, DbEvent.UPDATED);
            }

            @Override
            public void deleted(String dbName) {
                viewIndexes.dropDatabase(dbName);
                Ken k = ken;
                if (k != null) {
                    k.dbDeleted(dbName);
                }
                globalChanges.onEvent(dbName, DbEvent.DELETED);
            }
        });
        for (String system : new String[] {"_users", "_replicator", GlobalChangesDatabase.NAME}) {
            store.create(system);
        }
        UserPasswords passwords = new UserPasswords(config);
        Authenticator authenticator = new Authenticator(options.admin(), store, passwords);
        ViewServers viewServers = new ViewServers(queryServers, config);
        DesignDocCalls functions = new DesignDocCalls(queryServers, viewServers);
        DocumentWrites writes = new DocumentWrites(new DesignChecks(viewServers), passwords,
                new DocumentValidation(functions), options.cluster());
        DatabaseRoutes databases = new DatabaseRoutes(store, writes);
        this.configured = new ConfiguredRoutes(config, databases);
        config.set("couchdb", "single_node", Boolean.toString(!options.cluster().isCluster()));
        config.set("chttpd", "bind_address", options.host());
        // what default.ini sets (every other [chttpd_auth] value is a default of the code, not shown)
        config.set("chttpd_auth", "hash_algorithms", "sha256, sha");
        config.set("couch_httpd_auth", "authentication_db", "_users");
        config.watch("global_changes", (key, value) -> {
            if (key.equals("update_db")) {
                globalChanges.setUpdateDb(value == null || !value.equals("false"));
            } else if (key.equals("max_event_delay")) {
                globalChanges.listener().setMaxEventDelay(value == null
                        ? options.globalChanges().maxEventDelayMillis() : Long.parseLong(value));
            }
        });
        CouchLog log = new ThresholdLog(options.log(), () -> config.get("log", "level"));
        config.loadFiles(ini);
        this.iniReloader = new IniReloader(new IniFiles(options.iniFiles()), config, scheduler, log);
        this.daemonProcesses = new ProcessLauncher();
        this.daemons = new DaemonHost(scheduler, config, daemonProcesses, log, options.daemonStopGrace());
        config.listen(daemons::configChanged);
        this.ken = new Ken(scheduler, new KenHost(store, viewIndexes, viewServers, queryServers, background),
                () -> KenConfig.fromConfig(config.values("ken"), config.values("ken.ignore")), new SplittableRandom());
        ViewRoute views = new ViewRoute(databases, viewIndexes, viewServers, new ViewReducers(viewServers, config),
                queryServers, background);
        Routes routes = new Routes(new ServerRoutes(store, authenticator, viewIndexes), databases,
                new DocumentRoutes(databases, writes), new ChangesRoute(databases, functions),
                new DbUpdatesRoute(store), config, views, new DesignFunctionRoutes(
                        new ShowRoute(databases, functions), new ListRoute(databases, functions, views),
                        new UpdateRoute(databases, functions, writes)),
                new RewriteRoute(databases, functions, config), configured);
        QueuedThreadPool threads = new QueuedThreadPool(256, 4);
        threads.setName("couchtck-endpoint");
        threads.setDaemon(true);
        this.server = new Server(threads);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        // CouchDB (mochiweb) takes the raw path as it comes: %2F and %25 inside a segment are part of a document id
        // (a/b, a%b), and empty segments or ;parameters reach a proxied backend untouched; Jetty refuses them all by
        // default as ambiguous. The routes read the raw path and decode it themselves.
        http.setUriCompliance(UriCompliance.DEFAULT.with("couchdb", UriCompliance.Violation.AMBIGUOUS_PATH_SEPARATOR,
                UriCompliance.Violation.AMBIGUOUS_PATH_ENCODING, UriCompliance.Violation.AMBIGUOUS_EMPTY_SEGMENT,
                UriCompliance.Violation.AMBIGUOUS_PATH_PARAMETER));
        this.connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
        connector.setHost(options.host());
        connector.setPort(options.port());
        server.addConnector(connector);
        server.setHandler(new CouchHandler(authenticator, routes, configured));
        server.setStopTimeout(2_000);
    }

    /**
     * Starts an endpoint; it listens when this returns, and the OS daemons the ini files list have been started.
     *
     * @throws IllegalArgumentException if an ini file cannot be read (CouchDB does not start without one)
     */
    public static ReferenceEndpoint start(Options options) {
        IniValues ini;
        try {
            ini = new IniFiles(options.iniFiles()).read();
        } catch (IOException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        ReferenceEndpoint endpoint = new ReferenceEndpoint(options, ini);
        try {
            endpoint.server.start();
        } catch (Exception e) {
            endpoint.close();
            throw new IllegalStateException("the reference endpoint could not start on " + options.host() + ":"
                    + options.port() + ": " + e.getMessage(), e);
        }
        endpoint.daemons.start();
        endpoint.iniReloader.start();
        return endpoint;
    }

    /** The base URI, without credentials, e.g. {@code http://127.0.0.1:41234}. */
    public URI uri() {
        return URI.create("http://" + options.host() + ":" + connector.getLocalPort());
    }

    public Credentials admin() {
        return options.admin();
    }

    /** The node's config, which the handlers of {@code [httpd_global_handlers]} and the like read per request. */
    NodeConfig config() {
        return config;
    }

    /** The scheduler the global_changes batcher runs on. */
    Scheduler scheduler() {
        return scheduler;
    }

    /** The OS daemons now: name, command, status, recent exits, process id. */
    public List<DaemonInfo> osDaemons() {
        return daemons.daemons();
    }

    /**
     * Reads the ini files now, as the endpoint does every second by itself: the keys whose values changed take
     * effect (OS daemons start, stop and restart) before this returns.
     */
    public void reloadIniFiles() {
        iniReloader.reloadNow();
    }

    /** Stops the endpoint; every OS daemon's input is closed, and after the stop grace its process tree killed. */
    @Override
    public void close() {
        iniReloader.close();
        daemons.close();
        daemonProcesses.close();
        ken.close();
        store.close();
        // ends proxied exchanges and handler processes in flight, so that the server's stop need not wait them out
        configured.close();
        try {
            server.stop();
        } catch (Exception e) {
            // stopping is best effort; what matters is that the threads below go too
        }
        scheduler.close();
        background.shutdownNow();
        queryServers.close();
    }
}
