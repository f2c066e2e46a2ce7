package org.couchtck.reference.queryserver.js;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.reference.queryserver.json.JsonSyntaxException;
import org.couchtck.reference.queryserver.json.JsonText;
import org.couchtck.reference.queryserver.json.JsonTreeBuilder;
import org.couchtck.reference.queryserver.json.JsonTreeReader;
import org.couchtck.reference.queryserver.protocol.LogSink;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.EcmaError;
import org.mozilla.javascript.EvaluatorException;
import org.mozilla.javascript.JavaScriptException;
import org.mozilla.javascript.Function;
import org.mozilla.javascript.LambdaFunction;
import org.mozilla.javascript.RhinoException;
import org.mozilla.javascript.Script;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;
import org.mozilla.javascript.ScriptRuntime;
import org.mozilla.javascript.Undefined;

/**
 * The host realm: a global of its own where documents and reduce inputs are created, with the
 * helpers of {@code host.js}. It also makes the fresh global ("sandbox") each user function is
 * compiled in, and owns {@code emit} and {@code log}, which record into the current run.
 */
final class RhinoHost {

  /** The file name user code is compiled under; SpiderMonkey reports it as "&lt;unknown&gt;". */
  static final String USER_SOURCE_NAME = "<unknown>";

  private static final String CATCH_NAME = "e";

  private final ScriptableObject scope;
  private final Scriptable arrayPrototype;
  private final Scriptable helpers;
  private final Scriptable sandboxGlobals;
  private final Scriptable render;
  private final Script sandboxSetup;
  private final Function emitFunction;
  private final Function logFunction;
  private final FrozenDocumentBuilder documents;
  private List<Object> emitted = new ArrayList<>();
  private final List<Object> indexed = new ArrayList<>();
  private LogSink logSink = message -> {};
  private ListRowSource rowSource = ListRowSource.none();
  private Runnable rowReceived = () -> {};

  RhinoHost(Context cx) {
    scope = cx.initSafeStandardObjects(null, false);
    arrayPrototype = ScriptableObject.getArrayPrototype(scope);
    Function installer =
        (Function) cx.evaluateString(scope, resource("host.js"), "<couchtck-host>", 1, null);
    Function evalIn =
        new LambdaFunction(
            scope,
            "evalIn",
            3,
            (c, s, thisObj, args) -> evaluateModule(c, (Scriptable) args[0], args[1]));
    Function recordIndexed =
        new LambdaFunction(
            scope,
            "recordIndexed",
            1,
            (c, s, thisObj, args) -> {
              indexed.add(args.length > 0 ? args[0] : Undefined.instance);
              return Undefined.instance;
            });
    helpers =
        (Scriptable)
            installer.call(cx, scope, scope, new Object[] {scope, evalIn, recordIndexed});
    sandboxGlobals = (Scriptable) helpers.get("sandboxGlobals", helpers);
    documents = new FrozenDocumentBuilder(scope);
    emitFunction = new LambdaFunction(scope, "emit", 2, this::emit);
    logFunction = new LambdaFunction(scope, "log", 1, this::log);
    Function renderInstaller =
        (Function) cx.evaluateString(scope, resource("render.js"), "<couchtck-render>", 1, null);
    render =
        (Scriptable)
            renderInstaller.call(
                cx, scope, scope,
                new Object[] {
                  helpers.get("toSource", helpers),
                  logFunction,
                  new LambdaFunction(scope, "exchange", 1, this::exchange)
                });
    Scriptable renderGlobals = (Scriptable) render.get("sandboxGlobals", render);
    for (Object id : renderGlobals.getIds()) {
      String name = String.valueOf(id);
      sandboxGlobals.put(name, sandboxGlobals, renderGlobals.get(name, renderGlobals));
    }
    sandboxSetup = cx.compileString(resource("sandbox.js"), "<couchtck-sandbox>", 1, null);
    // User code reaches host functions (emit.constructor): block run-time compilation here too.
    sandboxSetup.exec(cx, scope, scope);
  }

  // A module with a syntax error throws a catchable SyntaxError of the module's realm.
  private static Object evaluateModule(Context cx, Scriptable sandbox, Object source) {
    try {
      return cx.evaluateString(sandbox, ScriptRuntime.toString(source), USER_SOURCE_NAME, 1, null);
    } catch (EvaluatorException e) {
      Scriptable error = cx.newObject(sandbox, "SyntaxError", new Object[] {e.details()});
      throw new JavaScriptException(error, USER_SOURCE_NAME, e.lineNumber());
    }
  }

  private static String resource(String name) {
    try (InputStream in = RhinoHost.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The host realm's global object. */
  Scriptable scope() {
    return scope;
  }

  /**
   * A new array of the host realm, as {@code cx.newArray(scope(), elements)} makes it, without
   * looking the global {@code Array} up each time (scripts cannot reach the host's global).
   */
  Scriptable newArray(Object[] elements) {
    return JsValues.newArray(scope, arrayPrototype, elements);
  }

  /** A new global with the standard built-ins and couchjs's helpers, and nothing of the host. */
  ScriptableObject newSandbox(Context cx) {
    ScriptableObject sandbox = cx.initSafeStandardObjects(null, false);
    sandboxSetup.exec(cx, sandbox, sandbox);
    for (Object id : sandboxGlobals.getIds()) {
      String name = String.valueOf(id);
      sandbox.put(name, sandbox, sandboxGlobals.get(name, sandboxGlobals));
    }
    sandbox.put("emit", sandbox, emitFunction);
    sandbox.put("log", sandbox, logFunction);
    return sandbox;
  }

  /** Gives {@code sandbox} Nouveau's {@code index()} instead of dreyfus's. */
  void useNouveauIndex(Scriptable sandbox) {
    sandbox.put("index", sandbox, helpers.get("nouveauIndex", helpers));
  }

  /**
   * The fields indexed since the last call, as a host array no script holds (an {@code Object[]},
   * see {@link #stringify}); starts a new list.
   */
  Object takeIndexed(Context cx) {
    Object[] fields = indexed.toArray();
    indexed.clear();
    return fields;
  }

  /** Forgets the fields indexed since the last call (map functions may call index()). */
  void clearIndexed() {
    indexed.clear();
  }

  /** A {@code require} for code compiled in {@code sandbox}, resolving against {@code ddoc}. */
  Object makeRequire(Context cx, Scriptable sandbox, Scriptable ddoc) {
    return callHelper(cx, "makeRequire", sandbox, ddoc);
  }

  /**
   * Starts one run: emitted rows and log messages are recorded afresh, list rows come from
   * {@code rows}, and {@code onRow} is told when a row arrived (the run's clock restarts).
   */
  void beginRun(LogSink sink, ListRowSource rows, Runnable onRow) {
    emitted = new ArrayList<>();
    logSink = sink;
    rowSource = rows;
    rowReceived = onRow;
  }

  /** Starts a new row list (one per map function). */
  void clearEmitted() {
    emitted = new ArrayList<>();
  }

  /**
   * The rows emitted since {@link #clearEmitted}, as host arrays no script holds ({@code
   * Object[]}s, see {@link #stringify}).
   */
  Object emittedRows(Context cx) {
    return emitted.toArray();
  }

  /** How many rows were emitted since {@link #clearEmitted}. */
  int emittedCount() {
    return emitted.size();
  }

  /** Writes a log message of the current run. */
  void logMessage(String message) {
    logSink.log(message);
  }

  /** Calls {@code fn}, catching whatever JavaScript value it throws. */
  Outcome callSafely(Context cx, Function fn, Object thisObj, Object[] args) {
    if (!(thisObj instanceof Scriptable self)) {
      // fn.apply() boxes a primitive or substitutes the global for undefined: let JavaScript do it.
      Scriptable result =
          (Scriptable) callHelper(cx, "callSafely", fn, thisObj, newArray(args));
      return new Outcome(Boolean.TRUE.equals(result.get(0, result)), result.get(1, result));
    }
    try {
      return new Outcome(true, fn.call(cx, scope, self, args));
    } catch (JavaScriptException | EcmaError | EvaluatorException e) {
      return new Outcome(false, caught(cx, e));
    }
  }

  // What a catch clause of the host realm binds for a throwable a script may catch (the three
  // kinds Rhino's interpreter hands to catch): the thrown value, or a new Error object of the
  // realm for an error Rhino raised itself.
  private Object caught(Context cx, RhinoException e) {
    Scriptable catchScope = ScriptRuntime.newCatchScope(e, null, CATCH_NAME, cx, scope);
    return catchScope.get(CATCH_NAME, catchScope);
  }

  /**
   * Runs a show, list, update or rewrite function through couchjs's renderer ({@code runner}
   * is "runShow", "runList", "runUpdate" or "runRewrite"); returns the reply value, or what
   * was thrown.
   */
  Outcome render(Context cx, String runner, Function fn, Object designDoc, Object args) {
    return callSafely(cx, (Function) render.get(runner, render), render,
        new Object[] {fn, designDoc, args});
  }

  /**
   * JSON text of {@code value} as JSON.stringify writes it, or the value stringify threw. An
   * {@code Object[]} in {@code value} stands for a host array that no script holds.
   */
  Outcome stringify(Context cx, Object value) {
    try {
      return new Outcome(true, JsonStringifier.stringify(cx, scope, arrayPrototype, value));
    } catch (JavaScriptException | EcmaError | EvaluatorException e) {
      return new Outcome(false, caught(cx, e));
    }
  }

  /** SpiderMonkey's toSource() text for a thrown value. */
  String toSource(Context cx, Object value) {
    return ScriptRuntime.toString(callHelper(cx, "toSource", value));
  }

  /**
   * The form of a thrown value inside an error reply: Error objects without the enumerable
   * fileName/lineNumber Rhino adds (SpiderMonkey's serialise as {}).
   */
  Object replyForm(Context cx, Object value) {
    return callHelper(cx, "replyForm", value);
  }

  /**
   * The JavaScript value of a JSON value, deep-frozen (documents are read-only for map
   * functions). Freezing as each object is made, from Java, spares an interpreted walk.
   */
  Object frozenCopy(Object value) {
    return JsValues.build(value, documents);
  }

  /** Makes deep-frozen documents of the host realm (see {@link #frozenCopy}). */
  JsonTreeBuilder documentBuilder() {
    return documents;
  }

  /** {@code value == "fatal_error"} with JavaScript's loose equality. */
  boolean isFatalErrorString(Context cx, Object value) {
    return ScriptRuntime.toBoolean(callHelper(cx, "isFatalErrorString", value));
  }

  /** {@code value[0]}; the value must not be null or undefined. */
  Object firstElement(Context cx, Object value) {
    return callHelper(cx, "firstElement", value);
  }

  // Only objects can look like errors; most emitted values are primitives.
  private Object errorToJson(Context cx, Object value) {
    return value instanceof Scriptable ? callHelper(cx, "errorToJson", value) : value;
  }

  private Object callHelper(Context cx, String name, Object... args) {
    Function helper = (Function) helpers.get(name, helpers);
    return helper.call(cx, scope, helpers, args);
  }

  private Object emit(Context cx, Scriptable callScope, Scriptable thisObj, Object[] args) {
    Object key = args.length > 0 ? args[0] : Undefined.instance;
    Object value = args.length > 1 ? args[1] : Undefined.instance;
    emitted.add(new Object[] {key, errorToJson(cx, value)});
    return Undefined.instance;
  }

  // Writes a list reply, waits for the next protocol line and returns it parsed.
  private Object exchange(Context cx, Scriptable callScope, Scriptable thisObj, Object[] args) {
    Object json = JsonStringifier.stringify(cx, scope, arrayPrototype, args.length > 0 ? args[0] : null);
    String line;
    try {
      line = rowSource.exchange(JsonText.escapeLoneSurrogates(ScriptRuntime.toString(json)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InputClosedError(e);
    }
    rowReceived.run();
    int nul = line.indexOf('\0');
    String text = nul >= 0 ? line.substring(0, nul) : line;
    try {
      return JsValues.toJs(cx, scope, JsonTreeReader.parse(text));
    } catch (JsonSyntaxException e) {
      throw ScriptRuntime.constructError("SyntaxError", "JSON.parse: " + e.getMessage());
    }
  }

  private Object log(Context cx, Scriptable callScope, Scriptable thisObj, Object[] args) {
    Object message = args.length > 0 ? args[0] : Undefined.instance;
    if (!(message instanceof CharSequence)) {
      message =
          JsonStringifier.stringify(cx, scope, arrayPrototype, errorToJson(cx, message));
    }
    logSink.log(ScriptRuntime.toString(message));
    return Undefined.instance;
  }
}
