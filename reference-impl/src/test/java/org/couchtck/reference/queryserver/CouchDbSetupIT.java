package org.couchtck.reference.queryserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code java -jar couchtck-reference.jar couchdb-setup --dir D}, the packaged jar, as a CouchDB user runs it. */
@Timeout(180)
class CouchDbSetupIT {

  private static final Path JAR = Path.of(System.getProperty("couchtck.reference.jar"));
  private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

  @TempDir Path dir;

  @Test
  void should_make_the_archive_and_print_a_line_that_starts_an_answering_query_server_from_it()
      throws Exception {
    // given
    Path folder = dir.resolve("qs");

    // when
    Process setup =
        new ProcessBuilder(JAVA, "-jar", JAR.toString(), "couchdb-setup", "--dir", folder.toString()).start();
    setup.getOutputStream().close();
    String out = new String(setup.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(setup.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(setup.waitFor(120, TimeUnit.SECONDS)).isTrue();

    // then
    assertThat(setup.exitValue()).as(err).isZero();
    Path archive = folder.resolve(CouchDbSetup.ARCHIVE_NAME);
    assertThat(archive).isRegularFile();
    assertThat(err).contains("made " + archive).contains("js_engine = spidermonkey");
    assertThat(out.lines()).singleElement().asString()
        .startsWith("export COUCHDB_QUERY_SERVER_JAVASCRIPT=\"")
        .endsWith("\"")
        .contains(String.join(" ", QueryServerJvm.INDEXING))
        .contains("-XX:SharedArchiveFile=" + archive)
        .endsWith("-jar " + JAR.toAbsolutePath() + "\"")
        .doesNotContain("TieredStopAtLevel");
    String line = out.strip();
    String command = line.substring(line.indexOf('"') + 1, line.length() - 1);
    assertThat(answers(command)).containsExactly("true", "true", "[[[\"a\",1]]]");
  }

  /**
   * The replies of the query server started as CouchDB starts it (the command cut at spaces), with nothing on its
   * stderr: the JVM mapped the archive without complaint.
   */
  private static List<String> answers(String command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command.split(" ")).start();
    try (OutputStream in = process.getOutputStream()) {
      in.write(
          ("[\"reset\",{}]\n[\"add_fun\",\"function(doc) { emit(doc._id, 1); }\"]\n"
                  + "[\"map_doc\",{\"_id\":\"a\"}]\n")
              .getBytes(StandardCharsets.UTF_8));
    }
    try {
      List<String> replies =
          new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the query server ended").isTrue();
      assertThat(new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)).isEmpty();
      return replies;
    } finally {
      process.destroyForcibly();
    }
  }
}
