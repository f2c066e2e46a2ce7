package org.couchtck.reference.daemons;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A broken {@code _external} handler, run as a child process by the tests: it reads its first request and exits with
 * the status its argument gives (3 without one), answering nothing.
 */
public final class ExitingExternal {

    private ExitingExternal() {}

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        in.readLine();
        System.exit(args.length > 0 ? Integer.parseInt(args[0]) : 3);
    }
}
