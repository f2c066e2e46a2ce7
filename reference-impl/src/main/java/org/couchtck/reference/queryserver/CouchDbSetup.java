package org.couchtck.reference.queryserver;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.reference.ReferenceMain;

/**
 * {@code couchdb-setup --dir D}: sets the reference up as CouchDB's JavaScript query server on this machine. It makes
 * the class-data archive for this JDK and this jar in {@code D} and prints the {@code COUCHDB_QUERY_SERVER_JAVASCRIPT}
 * line that starts the query server from it with the indexing options ({@link QueryServerJvm#INDEXING}), so that
 * {@code eval "$(java -jar couchtck-reference.jar couchdb-setup --dir D)"} sets the variable; what it did goes to
 * stderr.
 */
public final class CouchDbSetup {

  static final String ARCHIVE_NAME = "couchtck-qs.jsa";
  private static final Duration TRAINING_LIMIT = Duration.ofMinutes(2);

  private CouchDbSetup() {}

  /** Exit status: 0 done, 1 no archive could be made, 2 bad usage. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    Path dir;
    try {
      dir = parse(args);
    } catch (IllegalArgumentException e) {
      err.println("couchdb-setup: " + e.getMessage());
      err.println("usage: java -jar couchtck-reference.jar couchdb-setup --dir DIR");
      return 2;
    }
    Optional<Path> jar = runningJar();
    if (jar.isEmpty()) {
      // A class-data archive takes classes from jar files only.
      err.println("couchdb-setup: run it from couchtck-reference.jar (java -jar couchtck-reference.jar "
          + "couchdb-setup --dir DIR)");
      return 2;
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> launch = List.of("-jar", jar.get().toString());
    Path archive = dir.resolve(ARCHIVE_NAME);
    try {
      Files.createDirectories(dir);
      if (!ClassArchive.make(java, launch, archive, TRAINING_LIMIT)) {
        err.println("couchdb-setup: this JVM (" + java + ") made no class-data archive; the query server "
            + "runs without one: " + line(java, launch, List.of()));
        return 1;
      }
    } catch (IOException e) {
      err.println("couchdb-setup: cannot write the archive in " + dir + ": " + e.getMessage());
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    }
    err.println("couchdb-setup: made " + archive + " for " + java + " (" + System.getProperty("java.vm.version")
        + "); make it again after changing the JDK or the jar.");
    err.println("couchdb-setup: the export line (stdout) starts the query server with C2 for indexing; for small "
        + "databases, " + String.join(" ", QueryServerJvm.INTERACTIVE.subList(1, 3)) + " after -XX:+UseSerialGC "
        + "keeps each process near 55 MiB.");
    err.println("couchdb-setup: CouchDB reads the variable only with [couchdb] js_engine = spidermonkey; a CouchDB "
        + "built with --js-engine=quickjs defaults to its own QuickJS: set js_engine there.");
    out.println("export COUCHDB_QUERY_SERVER_JAVASCRIPT=\"" + line(java, launch, QueryServerJvm.fromArchive(
        archive.toString())) + "\"");
    return 0;
  }

  private static Path parse(String[] args) {
    Path dir = null;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--dir") && i + 1 < args.length) {
        dir = Path.of(args[++i]).toAbsolutePath().normalize();
      } else if (args[i].equals("--dir")) {
        throw new IllegalArgumentException("--dir needs a folder");
      } else {
        throw new IllegalArgumentException("unknown option '" + args[i] + "'");
      }
    }
    if (dir == null) {
      throw new IllegalArgumentException("--dir is required: the folder the archive goes to");
    }
    if (dir.toString().contains(" ")) {
      // CouchDB cuts the variable's value at every space, with no quoting.
      throw new IllegalArgumentException("--dir " + dir + " has a space in its path, and CouchDB splits the "
          + "query server's command at spaces: choose another folder");
    }
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new IllegalArgumentException("--dir " + dir + " is not a folder");
    }
    return dir;
  }

  /** The jar this class was loaded from, if it was loaded from one. */
  private static Optional<Path> runningJar() {
    try {
      Path location = Path.of(ReferenceMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return Files.isRegularFile(location) ? Optional.of(location) : Optional.empty();
    } catch (URISyntaxException | SecurityException e) {
      return Optional.empty();
    }
  }

  private static String line(String java, List<String> launch, List<String> archiveOptions) {
    List<String> words = new ArrayList<>();
    words.add(java);
    words.addAll(QueryServerJvm.INDEXING);
    words.addAll(archiveOptions);
    words.addAll(launch);
    return String.join(" ", words);
  }
}
