package org.couchtck.reference.endpoint;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A broken query server, run as a child process by the tests: it answers {@code reset} and {@code add_fun} with
 * {@code true} like any query server, then exits without a word at the first {@code map_doc}.
 */
public final class ExitingQueryServer {

    private ExitingQueryServer() {}

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.startsWith("[\"map_doc\"")) {
                System.exit(1);
            }
            System.out.println("true");
            System.out.flush();
        }
    }
}
