package org.couchtck.reference.queryserver;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.couchtck.reference.queryserver.json.JsonText;

/**
 * The input of the map-pipe workload, the measure of how fast a query server indexes: one map
 * function over {@code map_doc} lines of documents of about 240 bytes (an id, a revision, a type,
 * a counter, a number, a nested object, a short array and a string), the same for the same
 * seed. {@code couchtck bench --workload map-pipe} pipes them into a server; the reference's JMH
 * benchmark runs them in the JVM.
 */
public final class MapPipeWorkload {

  /** The map function of the workload. */
  public static final String MAP_FUNCTION =
      "function(doc){ if (doc.type) emit([doc.type, doc.n], doc.v); }";

  private static final String[] TYPES = {"post", "comment", "user", "tag"};
  private static final String TEXT_CHARACTERS = "abcdefghij ";

  private MapPipeWorkload() {}

  /** The {@code add_fun} line of {@code function}. */
  public static String addFunLine(String function) {
    return "[\"add_fun\"," + JsonText.quote(function) + "]";
  }

  /** {@code count} {@code map_doc} lines, the same for the same seed. */
  public static List<String> mapDocLines(int count, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<String> lines = new ArrayList<>(count);
    StringBuilder line = new StringBuilder(300);
    for (int n = 0; n < count; n++) {
      line.setLength(0);
      line.append("[\"map_doc\",{\"_id\":\"doc-").append(String.format("%08d", n))
          .append("\",\"_rev\":\"1-").append(String.format("%016x%016x", random.nextLong(),
              random.nextLong()))
          .append("\",\"type\":\"").append(TYPES[random.nextInt(TYPES.length)])
          .append("\",\"n\":").append(n)
          .append(",\"v\":").append(random.nextInt(1_000_000) / 1000.0)
          .append(",\"meta\":{\"author\":\"user").append(random.nextInt(1000))
          .append("\",\"score\":").append(random.nextInt(101))
          .append(",\"ok\":").append(random.nextBoolean())
          .append("},\"tags\":[");
      for (int t = 0; t < 3; t++) {
        line.append(t == 0 ? "\"" : ",\"").append(TYPES[random.nextInt(TYPES.length)]).append('"');
      }
      line.append("],\"text\":\"");
      for (int c = 0; c < 40; c++) {
        line.append(TEXT_CHARACTERS.charAt(random.nextInt(TEXT_CHARACTERS.length())));
      }
      lines.add(line.append("\"}]").toString());
    }
    return lines;
  }
}
