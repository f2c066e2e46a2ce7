package org.couchtck.reference.queryserver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.couchtck.reference.queryserver.js.ListRowSource;
import org.couchtck.reference.queryserver.js.RhinoViewEngine;
import org.couchtck.reference.queryserver.js.ViewEngine;
import org.couchtck.reference.queryserver.json.JsonSyntaxException;
import org.couchtck.reference.queryserver.json.JsonText;
import org.couchtck.reference.queryserver.json.JsonTreeReader;
import org.couchtck.reference.queryserver.protocol.Command;
import org.couchtck.reference.queryserver.protocol.CommandContext;
import org.couchtck.reference.queryserver.protocol.CommandTable;
import org.couchtck.reference.queryserver.protocol.JsTruthiness;
import org.couchtck.reference.queryserver.protocol.LogSink;
import org.couchtck.reference.queryserver.protocol.QueryServerError;
import org.couchtck.reference.queryserver.protocol.ServerState;

/**
 * An in-process query server: one instance is one couchjs process. {@link #handle} takes one
 * protocol line (without its line feed) and returns what couchjs would write for it, including
 * whether the process would exit. Once a response exits, the server accepts no more lines.
 *
 * <p>Lines are handled one at a time on a worker thread with a large stack, so deep recursion
 * in user code cannot overflow the caller's stack. A list function stays suspended in {@code
 * getRow()} on that thread between lines: its start/chunks replies are the responses to the
 * list call and to each {@code list_row}, and the next line goes straight to it.
 */
public final class QueryServer implements AutoCloseable {

  private static final int FATAL_EXIT_STATUS = 255;
  private static final long CLOSE_WAIT_SECONDS = 10;
  private static final long WORKER_STACK_BYTES = 64L * 1024 * 1024;

  private final ExecutorService worker;
  // Responses (or the Throwable a line failed with) travel from the worker to handle().
  private final BlockingQueue<Object> results = new LinkedBlockingQueue<>();
  private final BlockingQueue<String> listInput = new LinkedBlockingQueue<>();
  private volatile boolean listWaiting;
  private final LazyViewEngine engine;
  private final CommandTable commands = CommandTable.couchjs();
  private final ServerState state = new ServerState();
  private final QueryServerOptions options;
  private volatile boolean exited;

  /** Starts a query server with the given options. */
  public QueryServer(QueryServerOptions options) {
    this.options = options;
    this.worker =
        Executors.newSingleThreadExecutor(
            task -> {
              Thread thread = new Thread(null, task, "couchtck-query-server", WORKER_STACK_BYTES);
              thread.setDaemon(true);
              return thread;
            });
    // Made on the worker, which then serves it alone, at the first command that runs JavaScript.
    this.engine =
        new LazyViewEngine(
            options.timeout(),
            timeout -> {
              RhinoViewEngine rhino = new RhinoViewEngine(timeout, options.maxStackDepth());
              rhino.holdContextOnThisThread();
              return rhino;
            });
  }

  /**
   * Answers one protocol line.
   *
   * @param line the line without its terminating line feed (a trailing CR is kept, as couchjs
   *     reads it)
   * @throws IllegalStateException when an earlier response already ended the process
   */
  public synchronized Response handle(String line) {
    if (exited) {
      throw new IllegalStateException("the query server has exited");
    }
    if (listWaiting) {
      listWaiting = false;
      listInput.add(line);
    } else {
      worker.execute(() -> results.add(processSafely(line, this::exchangeListRow)));
    }
    Response response = nextResult();
    exited = response.exits();
    return response;
  }

  private Response nextResult() {
    Object result;
    try {
      result = results.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the query server", e);
    }
    if (result instanceof RuntimeException runtime) {
      throw runtime;
    }
    if (result instanceof Error error) {
      throw error;
    }
    return (Response) result;
  }

  private Object processSafely(String line, RowExchange rowExchange) {
    try {
      return process(line, rowExchange);
    } catch (RuntimeException | Error e) {
      return e;
    }
  }

  /**
   * Answers every line of {@code channel} until its input ends or a response ends the process,
   * reading and writing on the server's own thread (no hand-over per line, as {@link #handle}
   * needs). A list function reads its rows from the channel directly.
   *
   * <p>The server itself goes on after the channel's input ends (a process would exit then, with
   * status 0): another channel may follow, as long as no response ended the process.
   *
   * @return the exit status: the one a response asked for, or 0 at end of input
   * @throws IllegalStateException when an earlier response already ended the process
   */
  public synchronized int serve(LineChannel channel) throws IOException {
    if (exited) {
      throw new IllegalStateException("the query server has exited");
    }
    try {
      return await(worker.submit(() -> serveOnWorker(channel)));
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private int serveOnWorker(LineChannel channel) throws IOException {
    boolean[] inputEnded = {false};
    RowExchange rowExchange =
        partial -> {
          channel.write(partial);
          String next = channel.readLine();
          if (next == null) {
            inputEnded[0] = true;
            throw new InterruptedException("end of input while a list waits for rows");
          }
          return next;
        };
    String line;
    while ((line = channel.readLine()) != null) {
      Response response;
      try {
        response = process(line, rowExchange);
      } catch (RuntimeException | Error e) {
        if (inputEnded[0]) {
          exited = true; // couchjs ends normally when stdin closes under a list
          return 0;
        }
        throw e;
      }
      channel.write(response);
      if (response.exits()) {
        exited = true;
        return response.exitStatus().getAsInt();
      }
    }
    return 0;
  }

  /** Lines in and responses out, for {@link #serve}. */
  public interface LineChannel {

    /** The next line without its line feed, or null at end of input. */
    String readLine() throws IOException;

    /**
     * Writes a response (its lines, then its diagnostics). It may hold the bytes back while the
     * peer's next line is already there, but must have sent them before {@link #readLine} waits.
     */
    void write(Response response) throws IOException;
  }

  /** Hands a partial list response out and waits for the line that answers it. */
  @FunctionalInterface
  private interface RowExchange {
    String exchange(Response partial) throws IOException, InterruptedException;
  }

  /** Whether a response has ended the process. */
  public synchronized boolean hasExited() {
    return exited;
  }

  @Override
  public void close() {
    // Interrupts a list still waiting for rows; a running script stops at its deadline.
    worker.shutdownNow();
    try {
      if (worker.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS)) {
        engine.close();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private Response process(String rawLine, RowExchange rowExchange) {
    // couchjs reads the line as a C string: a NUL byte ends it.
    int nul = rawLine.indexOf('\0');
    String line = nul >= 0 ? rawLine.substring(0, nul) : rawLine;
    if (line.isEmpty()) {
      // An empty line is falsy for couchjs's read loop, which then ends normally.
      return Response.silentExit(0, "");
    }
    Object command;
    try {
      command = parseCommand(line);
    } catch (JsonSyntaxException e) {
      // The JSON.parse exception escapes couchjs's main loop: no reply, normal exit.
      return Response.silentExit(0, "error: JSON.parse: " + e.getMessage() + "\n");
    }
    List<String> logLines = new ArrayList<>();
    LogSink log = message -> logLines.add("[\"log\"," + JsonText.quote(message) + "]");
    ListRowSource rows =
        reply -> {
          Response partial = Response.of(logLines, reply);
          logLines.clear();
          try {
            return rowExchange.exchange(partial);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        };
    CommandContext context =
        new CommandContext(state, engine, log, line.length(), options.timeout(), rows);
    try {
      return Response.of(logLines, dispatch(command, context));
    } catch (QueryServerError e) {
      return e.isFatal()
          ? Response.exiting(logLines, e.replyJson(), FATAL_EXIT_STATUS)
          : Response.of(logLines, e.replyJson());
    }
  }

  // The view indexer's map_doc lines, written as CouchDB writes them, get their document made
  // for the engine straight from the text; anything else, or any doubt, takes the general path.
  private static final String MAP_DOC_PREFIX = "[\"map_doc\",";

  private Object parseCommand(String line) {
    if (line.startsWith(MAP_DOC_PREFIX) && state.functionListReady()) {
      try {
        Object doc =
            JsonTreeReader.parseLastElement(line, MAP_DOC_PREFIX.length(), engine.documentBuilder());
        return Arrays.asList("map_doc", doc);
      } catch (JsonSyntaxException e) {
        // The whole line is read again below, for the error the general reader gives.
      }
    }
    return JsonTreeReader.parse(line);
  }

  // Answers the current line with a list reply, then waits for the next line.
  private String exchangeListRow(Response partial) throws InterruptedException {
    listWaiting = true;
    results.add(partial);
    return listInput.take();
  }

  private String dispatch(Object command, CommandContext context) throws QueryServerError {
    if (!(command instanceof List<?> list)) {
      // couchjs calls command.shift(), which only arrays have.
      throw QueryServerError.ofReply("[\"error\",\"TypeError\",{}]", false);
    }
    String name = list.isEmpty() ? "undefined" : JsTruthiness.toJsString(list.get(0));
    Optional<Command> handler = commands.lookup(name);
    if (handler.isEmpty()) {
      throw QueryServerError.fatal("unknown_command", "unknown command '" + name + "'");
    }
    @SuppressWarnings("unchecked")
    List<Object> args = (List<Object>) list.subList(Math.min(1, list.size()), list.size());
    return handler.get().run(args, context);
  }

  private static <T> T await(Future<T> future) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the query server", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      if (cause instanceof IOException io) {
        throw new UncheckedIOException(io);
      }
      throw new IllegalStateException(cause);
    }
  }
}
