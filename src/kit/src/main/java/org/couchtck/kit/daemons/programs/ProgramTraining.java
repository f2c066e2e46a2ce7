package org.couchtck.kit.daemons.programs;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * The training session of the class-data archive the kit's programs start from: in one short JVM it does what they
 * do at boot (serves HTTP on Jetty, reports a boot over {@code HttpURLConnection}, reads and writes JSON lines with
 * Jackson), so that the archive holds the classes a daemon loads. A daemon boots again and again in the restart
 * cases, and loading those classes from the jars was most of a boot's CPU.
 */
public final class ProgramTraining {

    private ProgramTraining() {
    }

    /** Runs the session; exits 0 when it went through. */
    public static void main(String[] args) throws IOException {
        try (DaemonHttpServer server = DaemonHttpServer.start(0, (method, path, body) -> new DaemonHttpServer.Reply(
                200, DaemonChannel.JSON.readTree(body.length == 0 ? "{}".getBytes(StandardCharsets.UTF_8) : body)))) {
            URI boots = URI.create("http://127.0.0.1:" + server.port() + BootWitness.bootsPath("training"));
            if (!BootWitness.report(boots, "training")) {
                System.exit(1);
            }
        }
        System.out.println(DaemonChannel.JSON.writeValueAsString(
                DaemonChannel.JSON.readTree("[\"log\",\"trained\",{\"level\":\"debug\"}]")));
    }
}
