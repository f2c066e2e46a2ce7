package org.couchtck.kit.cli;

import java.net.URI;
import java.util.concurrent.Callable;
import org.couchtck.kit.endpoint.externals.ExternalsConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code couchtck externals-ini}: the ini sections a CouchDB 2.2 or earlier needs for the Externals API cases (the
 * kit's proxy handlers, daemon and {@code _external} handler, with this kit's java and jar), to add to its local.ini.
 */
@Command(name = "externals-ini", mixinStandardHelpOptions = true,
        description = "Print the ini sections a CouchDB 2.2 or earlier needs for the cases of the Externals API "
                + "(http.proxy.*, http.daemons.*, http.external.*): the kit's proxy handlers, its daemon and its "
                + "_external handler, run with this java and this kit's jar. Add them to the server's local.ini and "
                + "restart it; `couchtck run --endpoint URL` then starts its backend where they say. The proxy "
                + "and the handlers are couch_httpd's: on CouchDB 2.x, point --endpoint at the node-local port "
                + "(5986). Run the kit on the server's machine: the backend listens on 127.0.0.1.")
final class ExternalsIniCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--backend-port", paramLabel = "PORT", defaultValue = "5987",
            description = "Where the kit's backend listens during a run (default: ${DEFAULT-VALUE}).")
    int backendPort;

    @Option(names = "--daemon-port", paramLabel = "PORT", defaultValue = "5988",
            description = "Where the kit's daemon couchtck_daemon serves (default: ${DEFAULT-VALUE}).")
    int daemonPort;

    @Option(names = "--down-port", paramLabel = "PORT", defaultValue = "49151",
            description = "A port nothing listens on, for _couchtck_proxy_down (default: ${DEFAULT-VALUE}, IANA "
                    + "reserved, as CouchDB's own proxy tests use).")
    int downPort;

    /**
     * CouchDB 2.x's default.ini no longer starts the manager of {@code _external} handlers (1.x's does): without it
     * every {@code _external} request is a 500 {@code noproc} (seen on 2.2.0).
     */
    static final String EXTERNAL_MANAGER = "\n; CouchDB 2.x starts no _external manager by itself\n[daemons]\n"
            + "external_manager = {couch_external_manager, start_link, []}\n";

    @Override
    public Integer call() {
        for (int port : new int[] {backendPort, daemonPort, downPort}) {
            if (port < 1 || port > 65535) {
                spec.commandLine().getErr().println("couchtck: a port is 1 to 65535, got " + port);
                return ExitCodes.USAGE;
            }
        }
        ExternalsConfig config = new ExternalsConfig(URI.create("http://127.0.0.1:" + backendPort), daemonPort, 0,
                downPort);
        spec.commandLine().getOut().print("; couchtck: the Externals API cases (couchtck externals-ini)\n"
                + config.text(false) + EXTERNAL_MANAGER);
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
