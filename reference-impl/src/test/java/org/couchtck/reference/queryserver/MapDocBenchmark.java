package org.couchtck.reference.queryserver;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.couchtck.reference.queryserver.json.JsonText;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The query server's hot path in the JVM, without pipes: each {@code map_doc} line is parsed,
 * its document made a frozen JavaScript object, the map function run and the rows written as
 * the reply line. Documents per second; the documents and the function are those of {@code
 * couchtck bench --workload map-pipe}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class MapDocBenchmark {

  static final int DOCS = 1000;
  static final String MAP = "function(doc){ if (doc.type) emit([doc.type, doc.n], doc.v); }";

  private QueryServer server;
  private List<String> lines;
  private long replyBytes;

  @Setup(Level.Trial)
  public void setUp() {
    server = new QueryServer(QueryServerOptions.defaults());
    server.handle("[\"reset\",{\"reduce_limit\":true,\"timeout\":5000}]");
    server.handle("[\"add_fun\"," + JsonText.quote(MAP) + "]");
    lines = mapDocLines(DOCS, 42);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    server.close();
  }

  @Benchmark
  @OperationsPerInvocation(DOCS)
  public long mapDoc() throws IOException {
    Iterator<String> input = lines.iterator();
    server.serve(
        new QueryServer.LineChannel() {
          @Override
          public String readLine() {
            return input.hasNext() ? input.next() : null;
          }

          @Override
          public void write(Response response) {
            replyBytes += response.reply().map(String::length).orElse(0);
          }
        });
    return replyBytes;
  }

  /** {@code map_doc} lines of about 240-byte documents, the same for the same seed. */
  static List<String> mapDocLines(int count, long seed) {
    Random random = new Random(seed);
    String[] types = {"post", "comment", "user", "tag"};
    List<String> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      StringBuilder text = new StringBuilder();
      for (int c = 0; c < 40; c++) {
        text.append("abcdefghij ".charAt(random.nextInt(11)));
      }
      out.add(
          String.format(
              "[\"map_doc\",{\"_id\":\"doc-%08d\",\"_rev\":\"1-%016x%016x\",\"type\":\"%s\","
                  + "\"n\":%d,\"v\":%s,\"meta\":{\"author\":\"user%d\",\"score\":%d,\"ok\":%b},"
                  + "\"tags\":[\"%s\",\"%s\",\"%s\"],\"text\":\"%s\"}]",
              i, random.nextLong(), random.nextLong(), types[random.nextInt(4)], i,
              Math.round(random.nextDouble() * 1_000_000) / 1000.0, random.nextInt(1000),
              random.nextInt(101), random.nextBoolean(), types[random.nextInt(4)],
              types[random.nextInt(4)], types[random.nextInt(4)], text));
    }
    return out;
  }
}
