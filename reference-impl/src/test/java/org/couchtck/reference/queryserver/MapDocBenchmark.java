package org.couchtck.reference.queryserver;

import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
 * couchtck bench --workload map-pipe} ({@link MapPipeWorkload}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class MapDocBenchmark {

  static final int DOCS = 1000;

  private QueryServer server;
  private List<String> lines;
  private long replyBytes;

  @Setup(Level.Trial)
  public void setUp() {
    server = new QueryServer(QueryServerOptions.defaults());
    server.handle("[\"reset\",{\"reduce_limit\":true,\"timeout\":5000}]");
    server.handle(MapPipeWorkload.addFunLine(MapPipeWorkload.MAP_FUNCTION));
    lines = MapPipeWorkload.mapDocLines(DOCS, 42);
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
}
