package org.couchtck.reference.queryserver;

import java.util.List;

/**
 * The JVM options the reference query server runs best with. A query server is one busy thread whose documents die
 * young: the serial collector, a heap that starts at 8 MB (a large young generation only fills memory) and may grow to
 * 512 MB for large documents, small thread stacks, no perf-data file.
 */
public final class QueryServerJvm {

  /**
   * For processes that answer a few requests each (the kit's cases, shows and lists, a small database): C1 alone,
   * which compiles the hot path within the first thousand documents at a fraction of C2's CPU and memory, on one
   * compiler thread (at start-up a second one competes with the thread making Rhino's built-ins: the first reply came
   * about 12 % sooner without it, medians of 31 interleaved starts). About 55 MiB at peak on the 100,000-document
   * map pipe ({@code couchtck bench --workload map-pipe}).
   */
  public static final List<String> INTERACTIVE =
      List.of(
          "-XX:+UseSerialGC",
          "-XX:TieredStopAtLevel=1",
          "-XX:CICompilerCount=1",
          "-Xms8m",
          "-Xmx512m",
          "-Xss512k",
          "-XX:ReservedCodeCacheSize=16m",
          "-XX:-UsePerfData");

  /**
   * For processes that index millions of documents (CouchDB's pooled indexers): the same without the C1-only
   * options, so C2 takes over (it needs a compiler thread of its own): about twice C1's steady-state speed, at about
   * 75 MiB.
   */
  public static final List<String> INDEXING =
      INTERACTIVE.stream()
          .filter(option -> !option.startsWith("-XX:TieredStopAtLevel") && !option.startsWith("-XX:CICompiler"))
          .toList();

  /**
   * Options that start the JVM from a class-data archive made by {@link ClassArchive}, keeping the JVM's own
   * messages (an archive it cannot map, say) off stdout, which is the protocol channel.
   */
  public static List<String> fromArchive(String archive) {
    return List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:disable", "-Xlog:all=warning:stderr");
  }

  private QueryServerJvm() {}
}
