package org.couchtck.reference.queryserver;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A class-data-sharing archive of the reference query server's classes (JDK 17's dynamic archive): most of a query
 * server's start is loading Rhino's classes, and from the archive a start costs about a third less CPU. It is made by
 * a short training session that loads what CouchDB's requests use, and it belongs to the JDK and the class path it was
 * made with.
 */
public final class ClassArchive {

  /** Lines that make the query server load what requests use: views, reduce, and each kind of design-document call. */
  public static final List<String> TRAINING =
      List.of(
          "[\"reset\",{\"reduce_limit\":true,\"reduce_limit_threshold\":5000,\"reduce_limit_ratio\":2.0,"
              + "\"timeout\":5000}]",
          "[\"add_lib\",{\"utils\":\"exports.twice = function(x) { return 2 * x; };\"}]",
          "[\"add_fun\",\"function(doc) { var u = require('views/lib/utils'); emit([doc._id, 1.5], u.twice(doc.n)); "
              + "log('mapped'); }\"]",
          "[\"map_doc\",{\"_id\":\"a\",\"n\":1,\"s\":\"\u00e9\",\"t\":[1,{\"x\":null}]}]",
          "[\"reduce\",[\"function(k, v, r) { return sum(v); }\"],[[[\"a\",\"a\"],1],[[\"b\",\"b\"],2]],\"\"]",
          "[\"rereduce\",[\"function(k, v, r) { return sum(v); }\"],[1,2],\"\"]",
          "[\"add_fun\",\"function(doc) { throw new Error('x'); }\"]",
          "[\"map_doc\",{\"_id\":\"b\"}]",
          "[\"ddoc\",\"new\",\"_design/t\",{\"_id\":\"_design/t\",\"shows\":{\"s\":\"function(doc, req) { "
              + "provides('json', function() { return {json: {id: doc._id}}; }); }\"},"
              + "\"lists\":{\"l\":\"function(head, req) { start({headers: {}}); var row; "
              + "while (row = getRow()) { send(row.key); } return 'end'; }\"},"
              + "\"updates\":{\"u\":\"function(doc, req) { return [doc, 'ok']; }\"},"
              + "\"filters\":{\"f\":\"function(doc, req) { return !!doc.n; }\"},"
              + "\"validate_doc_update\":\"function(n, o, u, s) { if (!n.ok) { throw({forbidden: 'no'}); } }\"}]",
          "[\"ddoc\",\"_design/t\",[\"shows\",\"s\"],[{\"_id\":\"a\"},{\"headers\":{\"Accept\":"
              + "\"application/json\"},\"query\":{}}]]",
          "[\"ddoc\",\"_design/t\",[\"lists\",\"l\"],[{\"total_rows\":1},{\"query\":{}}]]",
          "[\"list_row\",{\"key\":\"k\",\"value\":1}]",
          "[\"list_end\"]",
          "[\"ddoc\",\"_design/t\",[\"updates\",\"u\"],[{\"_id\":\"a\"},{\"method\":\"POST\"}]]",
          "[\"ddoc\",\"_design/t\",[\"filters\",\"f\"],[[{\"_id\":\"a\",\"n\":1},{\"_id\":\"b\"}],{}]]",
          "[\"ddoc\",\"_design/t\",[\"validate_doc_update\"],[{\"_id\":\"a\"},null,"
              + "{\"name\":null,\"roles\":[]},{}]]");

  private ClassArchive() {}

  /**
   * Makes {@code archive} by a training session of the query server started with {@code java} and {@code launch}
   * (e.g. {@code -jar couchtck-reference.jar}, or {@code -cp CP org.couchtck.reference.ReferenceMain}); the file
   * appears whole or not at all.
   *
   * @return whether the archive was made (an old or unusual JVM may not make one)
   */
  public static boolean make(String java, List<String> launch, Path archive, Duration limit)
      throws IOException, InterruptedException {
    return make(java, launch, TRAINING, archive, limit);
  }

  /**
   * Makes {@code archive} by a training session of any program started with {@code java} and
   * {@code launch}, fed {@code input} (a line each) on its standard input; the file appears whole
   * or not at all.
   *
   * @return whether the archive was made: the program exited 0 and the JVM wrote one
   */
  public static boolean make(
      String java, List<String> launch, List<String> input, Path archive, Duration limit)
      throws IOException, InterruptedException {
    Path folder = archive.toAbsolutePath().getParent();
    Path training = Files.createTempFile(folder, "training-", ".jsa");
    Files.delete(training);
    List<String> command = new ArrayList<>(List.of(java, "-XX:+UseSerialGC",
        "-XX:ArchiveClassesAtExit=" + training, "-Xlog:disable"));
    command.addAll(launch);
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      try (OutputStream in = process.getOutputStream()) {
        for (String line : input) {
          in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        }
      } catch (IOException e) {
        // The server ended early; whether an archive came of it is decided below.
      }
      if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
        return false;
      }
      if (process.exitValue() != 0 || !Files.isRegularFile(training) || Files.size(training) == 0) {
        return false;
      }
      Files.move(training, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      return true;
    } finally {
      process.destroyForcibly();
      Files.deleteIfExists(training);
    }
  }
}
