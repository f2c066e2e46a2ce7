package org.couchtck.reference.queryserver.js;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.reference.queryserver.json.JsonText;
import org.couchtck.reference.queryserver.json.JsonTreeBuilder;
import org.couchtck.reference.queryserver.protocol.LogSink;
import org.couchtck.reference.queryserver.protocol.QueryServerError;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.EcmaError;
import org.mozilla.javascript.Function;
import org.mozilla.javascript.JavaScriptException;
import org.mozilla.javascript.Scriptable;

/**
 * The {@link ViewEngine} on Rhino. Each call runs under a deadline (the reset timeout); a
 * script still running then is stopped and the command answered with {@code ["error",
 * "timeout", ...]}. Running out of stack is couchjs's fatal {@code InternalError "too much
 * recursion"}.
 *
 * <p>Not thread-safe: one caller at a time (the query server runs commands one by one).
 */
public final class RhinoViewEngine implements ViewEngine {

  private final SandboxedContextFactory contexts;
  private final RhinoHost host;
  private final FunctionCompiler compiler;
  private final ThrownValues thrown;
  private final DesignDocFunctions designDocs;
  private final DesignDocRunner designDocRunner;
  private final List<Function> mapFunctions = new ArrayList<>();
  private Duration timeout;

  /**
   * Creates an engine.
   *
   * @param timeout how long one command may run JavaScript until {@link #setTimeout} changes it
   * @param maxStackDepth the JavaScript call depth beyond which recursion is fatal
   */
  public RhinoViewEngine(Duration timeout, int maxStackDepth) {
    this.timeout = timeout;
    this.contexts = new SandboxedContextFactory(maxStackDepth);
    try (Context cx = contexts.enterContext()) {
      this.host = new RhinoHost(cx);
    }
    this.compiler = new FunctionCompiler(host);
    this.thrown = new ThrownValues(host);
    this.designDocs = new DesignDocFunctions(host, compiler);
    this.designDocRunner = new DesignDocRunner(host, thrown);
  }

  /**
   * Keeps a Rhino context entered on the calling thread for the thread's life, so that each
   * command enters it again (a counter) instead of making a new one. Only for a thread that
   * serves this engine alone: a context entered on a thread is used by every engine there.
   */
  public void holdContextOnThisThread() {
    contexts.enterContext();
  }

  @Override
  public void setTimeout(Duration timeout) {
    this.timeout = timeout;
  }

  @Override
  public void clearMapFunctions() {
    mapFunctions.clear();
  }

  @Override
  public void addMapFunction(
      Object source, Object viewLibrary, IndexHelper indexHelper, LogSink log)
      throws QueryServerError {
    run(
        log,
        cx -> {
          Scriptable scope = host.scope();
          Scriptable views = cx.newObject(scope);
          views.put("lib", views, JsValues.toJs(cx, scope, viewLibrary));
          Scriptable designDoc = cx.newObject(scope);
          designDoc.put("views", designDoc, views);
          mapFunctions.add(compiler.compile(cx, source, designDoc, indexHelper));
          return "true";
        });
  }

  @Override
  public String mapDocument(Object doc, LogSink log) throws QueryServerError {
    return runOverDocument(doc, log, host::clearEmitted, host::emittedRows);
  }

  @Override
  public JsonTreeBuilder documentBuilder() {
    return host.documentBuilder();
  }

  @Override
  public String indexDocument(Object doc, LogSink log) throws QueryServerError {
    return runOverDocument(doc, log, () -> {}, host::takeIndexed);
  }

  /** What one function produced for the document (emitted rows, indexed fields). */
  @FunctionalInterface
  private interface Collected {
    Object take(Context cx);
  }

  // Runs every function over the deep-frozen document; a function that throws contributes []
  // (after a log line) unless the error fails the whole command.
  private String runOverDocument(Object doc, LogSink log, Runnable beforeEach, Collected collected)
      throws QueryServerError {
    return run(
        log,
        cx -> {
          Scriptable scope = host.scope();
          Object jsDoc = host.frozenCopy(doc);
          Scriptable self = host.newArray(mapFunctions.toArray());
          Object[] results = new Object[mapFunctions.size()];
          for (int i = 0; i < results.length; i++) {
            beforeEach.run();
            host.clearIndexed();
            Outcome outcome = host.callSafely(cx, mapFunctions.get(i), self, new Object[] {jsDoc});
            Object output = collected.take(cx);
            if (outcome.returned()) {
              results[i] = output;
            } else {
              thrown.handleViewError(cx, outcome.value(), jsDoc);
              results[i] = new Object[0];
            }
          }
          return serialise(cx, results);
        });
  }

  @Override
  public String reduce(
      List<Object> sources, List<Object> keys, List<Object> values, boolean rereduce, LogSink log)
      throws QueryServerError {
    return run(
        log,
        cx -> {
          Scriptable scope = host.scope();
          List<Function> functions = new ArrayList<>(sources.size());
          for (Object source : sources) {
            functions.add(compiler.compile(cx, source, null));
          }
          Scriptable self = host.newArray(functions.toArray());
          Object jsKeys = keys == null ? null : JsValues.toJs(cx, scope, keys);
          Object jsValues = JsValues.toJs(cx, scope, values);
          Object[] reductions = new Object[functions.size()];
          for (int i = 0; i < reductions.length; i++) {
            Outcome outcome =
                host.callSafely(cx, functions.get(i), self, new Object[] {jsKeys, jsValues, rereduce});
            if (outcome.returned()) {
              reductions[i] = outcome.value();
            } else {
              thrown.handleViewError(cx, outcome.value(), null);
              reductions[i] = null;
            }
          }
          return serialise(cx, reductions);
        });
  }

  @Override
  public void registerDesignDoc(String id, Object designDoc) {
    try (Context cx = contexts.enterContext()) {
      designDocs.register(cx, id, designDoc);
    }
  }

  @Override
  public boolean isDesignDocCached(String id) {
    try (Context cx = contexts.enterContext()) {
      return designDocs.isCached(id);
    }
  }

  @Override
  public String runDesignDocFunction(
      String id, List<?> path, DesignDocSection section, Object args, LogSink log,
      ListRowSource rows)
      throws QueryServerError {
    return run(
        log,
        rows,
        cx -> {
          Function fn = designDocs.resolve(cx, id, path);
          Object jsArgs = JsValues.toJs(cx, host.scope(), args);
          return designDocRunner.run(cx, section, fn, designDocs.document(id), jsArgs);
        });
  }

  @Override
  public void close() {
    mapFunctions.clear();
  }

  // What the engine does outside user code can throw as it would inside couchjs's command:
  // String() of an object whose toString is not a function, a getter run while a thrown value
  // is inspected. couchjs's main loop answers the error.
  private String answeringEscapedErrors(Context cx, Work work) throws QueryServerError {
    try {
      return work.run(cx);
    } catch (EcmaError e) {
      throw thrown.commandError(cx, e.getErrorObject());
    } catch (JavaScriptException e) {
      throw thrown.commandError(cx, e.getValue());
    }
  }

  private String serialise(Context cx, Object value) throws QueryServerError {
    Outcome json = host.stringify(cx, value);
    if (!json.returned()) {
      throw thrown.commandError(cx, json.value());
    }
    return JsonText.escapeLoneSurrogates(json.value().toString());
  }

  /** A unit of work inside an entered context. */
  @FunctionalInterface
  private interface Work {
    String run(Context cx) throws QueryServerError;
  }

  private String run(LogSink log, Work work) throws QueryServerError {
    return run(log, ListRowSource.none(), work);
  }

  private String run(LogSink log, ListRowSource rows, Work work) throws QueryServerError {
    try (Context cx = contexts.enterContext()) {
      // Waiting for a list row is not running time: the clock restarts with each row.
      host.beginRun(log, rows, () -> contexts.startDeadline(timeout.toNanos()));
      contexts.startDeadline(timeout.toNanos());
      return answeringEscapedErrors(cx, work);
    } catch (ScriptTimeoutError e) {
      throw QueryServerError.error("timeout", "function timed out after " + timeout.toMillis() + " ms");
    } catch (StackOverflowError e) {
      throw QueryServerError.fatal("InternalError", "too much recursion");
    } finally {
      contexts.clearDeadline();
      host.beginRun(message -> {}, ListRowSource.none(), () -> {});
    }
  }
}
