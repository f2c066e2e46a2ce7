package org.couchtck.reference.queryserver.js;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.NativeJSON;
import org.mozilla.javascript.RhinoException;
import org.mozilla.javascript.ScriptRuntime;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;

/**
 * JsonStringifier must give what Rhino's JSON.stringify gives: the same text, the same error, and
 * the same script-visible reads and calls in the same order (recorded by getters and toJSON
 * methods into {@code log}).
 */
class JsonStringifierTest {

  static Stream<String> values() {
    return Stream.of(
        "0", "-0", "1e21", "1e-7", "0.1", "123456789012345680000", "5e-324", "NaN", "-Infinity",
        "true", "false", "null", "undefined", "'plain'", "'q\"b\\\\s/\\b\\f\\n\\r\\t\\u0001\\u001f'",
        "'\\u2028\\u00e9\\ud83d\\ude00'", "'lone \\ud800 x \\udc00 \\udc00\\ud800 \\ud800'",
        "'\\ud800\\ud800\\udc00\\udc00'", "[]", "{}", "[1, [2, [3, []]], {}]", "[1, , 3]",
        "[undefined, function () {}, Symbol('s'), null]",
        "({a: undefined, b: function () {}, c: Symbol('s'), d: 1})",
        "({b: 1, 2: 2, 1: 3, a: 4, '10': 5, '01': 6, '-1': 7, '4294967295': 8})",
        "(function () { var a = [1, 2]; a.extra = 3; return a; })()",
        "(function () { var a = [1, 2, 3]; Object.defineProperty(a, 1, {get: function () {"
            + " log.push('get 1'); return 'g'; }, enumerable: true}); return a; })()",
        "({get x() { log.push('x'); return {get y() { log.push('y'); return 2; }}; }, z: 3})",
        "({toJSON: function (k) { log.push('toJSON ' + k); return [k]; }})",
        "[{toJSON: function (k) { log.push('el ' + typeof k + k); return undefined; }}]",
        "({a: {toJSON: function (k) { return {b: {toJSON: function (k2) { return k + k2; }}}; }}})",
        "({toJSON: 'not callable', v: 1})",
        "(function () { function P() {} P.prototype.toJSON = function () { log.push('proto'); "
            + "return 'from proto'; }; return {p: new P()}; })()",
        "({get toJSON() { log.push('get toJSON'); return function () { return 1; }; }})",
        "({d: new Date(0)})",
        "[new Number(3), new String('s'), new Boolean(false), Object(Symbol('x'))]",
        "(function () { var n = new Number(4); n.toJSON = function () { return 'boxed'; };"
            + " return [n]; })()",
        "(function () { var s = new String('s'); s.toString = function () { log.push('ts');"
            + " return 'T'; }; return [s]; })()",
        "1n", "[1n]", "Object(2n)",
        "(function () { BigInt.prototype.toJSON = function () { return 'big ' + this; };"
            + " var r = [3n]; delete BigInt.prototype.toJSON; return r; })()",
        "(function () { var o = {}; o.self = o; return o; })()",
        "(function () { var a = []; a.push({inner: a}); return a; })()",
        "(function () { var shared = {}; return [shared, shared, {s: shared}]; })()",
        "Object.create(null)",
        "(function () { var o = Object.create({inherited: 1}); o.own = 2; return o; })()",
        "(function () { var o = {v: 1}; Object.defineProperty(o, 'hidden', {value: 2}); "
            + "o[Symbol('k')] = 3; return o; })()",
        "[new Map([[1, 2]]), new Set([1]), /re/g, new Error('boom'), function () {}]",
        "(function () { return arguments; })(1, 'two')",
        "new Int8Array([1, 2])",
        "Object.freeze({frozen: [1, {deep: true}]})",
        "new Proxy({a: 1}, {get: function (t, k) { log.push('proxy get ' + String(k)); "
            + "return t[k]; }})",
        "new Proxy([1, 2], {})",
        "({a: {toJSON: function () { throw new TypeError('from toJSON'); }}})",
        "({get boom() { throw 'thrown string'; }})",
        "[0.1 + 0.2, 1 / 3, -1e-7, 2e21, 100, 1.5e300, -5e-324]",
        "[-0, 7, -7, 999999999999999, -999999999999999, 1e15, -1e15, 123456789012345.6, 2 ** 53 + 2,"
            + " 1e20, -(2 ** 31), 2 ** 31, 4294967295, 0.5, -0.5]",
        "[new Number(-0), new Number(12), Object.assign(Object.create(null), {n: 8})]");
  }

  @ParameterizedTest
  @MethodSource("values")
  void should_match_rhinos_json_stringify(String expression) {
    assertThat(run(expression, true)).isEqualTo(run(expression, false));
  }

  @Test
  void should_write_every_number_as_javascript_does() {
    // given: decimals of every length and size, and doubles of random bits
    SplittableRandom random = new SplittableRandom(3);
    try (Context cx = new SandboxedContextFactory(1000).enterContext()) {
      Scriptable scope = cx.initSafeStandardObjects(null, false);
      Scriptable arrayPrototype = ScriptableObject.getArrayPrototype(scope);
      for (int i = 0; i < 300_000; i++) {
        double d =
            switch (i % 4) {
              case 0 -> random.nextLong(-10_000_000_000_000L, 10_000_000_000_000L)
                  / Math.pow(10, random.nextInt(12));
              case 1 -> random.nextInt(-1_000_000_000, 1_000_000_000) / Math.pow(10, random.nextInt(9));
              case 2 -> Double.longBitsToDouble(random.nextLong());
              default -> random.nextDouble() * Math.pow(10, random.nextInt(-9, 12));
            };

        // when
        Object json = JsonStringifier.stringify(cx, scope, arrayPrototype, d);

        // then
        assertThat(json)
            .as("%s (bits %x)", d, Double.doubleToRawLongBits(d))
            .isEqualTo(Double.isFinite(d) ? ScriptRuntime.numberToString(d, 10) : "null");
      }
    }
  }

  @Test
  void should_match_rhinos_json_stringify_on_random_nested_values() {
    Random random = new Random(7);
    for (int i = 0; i < 300; i++) {
      String expression = randomValue(random, 0);
      assertThat(run(expression, true)).as(expression).isEqualTo(run(expression, false));
    }
  }

  private static String randomValue(Random random, int depth) {
    int kind = random.nextInt(depth > 3 ? 6 : 9);
    switch (kind) {
      case 0:
        return Double.toString(random.nextGaussian() * Math.pow(10, random.nextInt(40) - 20));
      case 1:
        return Integer.toString(random.nextInt());
      case 2:
        StringBuilder text = new StringBuilder("'");
        for (int c = random.nextInt(6); c > 0; c--) {
          text.append(String.format("\\u%04x", random.nextInt(4) == 0 ? random.nextInt(0x10000)
              : 0x20 + random.nextInt(0x60)));
        }
        return text.append("'").toString();
      case 3:
        return random.nextBoolean() ? "true" : "null";
      case 4:
        return random.nextBoolean() ? "undefined" : "(function () {})";
      case 5:
        return "({toJSON: function (k) { log.push('t' + k); return " + random.nextInt(9) + "; }})";
      case 6:
      case 7:
        List<String> members = new ArrayList<>();
        for (int m = random.nextInt(5); m > 0; m--) {
          String key = random.nextBoolean() ? "k" + random.nextInt(4) : "'" + random.nextInt(20) + "'";
          String value = randomValue(random, depth + 1);
          members.add(random.nextInt(4) == 0
              ? "get " + key + "() { log.push('get " + key.replace("'", "") + "'); return "
                  + value + "; }"
              : key + ": " + value);
        }
        return "({" + String.join(", ", members) + "})";
      default:
        List<String> elements = new ArrayList<>();
        for (int e = random.nextInt(5); e > 0; e--) {
          elements.add(randomValue(random, depth + 1));
        }
        return "[" + String.join(", ", elements) + "]";
    }
  }

  // "result|log" or "error:<class>:<message>|log", from a fresh realm each time.
  private static String run(String expression, boolean ours) {
    try (Context cx = new SandboxedContextFactory(1000).enterContext()) {
      Scriptable scope = cx.initSafeStandardObjects(null, false);
      Scriptable log = cx.newArray(scope, 0);
      ScriptableObject.putProperty(scope, "log", log);
      Object value = cx.evaluateString(scope, "(" + expression + ")", "value", 1, null);
      String outcome;
      try {
        Object json =
            ours
                ? JsonStringifier.stringify(cx, scope, ScriptableObject.getArrayPrototype(scope), value)
                : NativeJSON.stringify(cx, scope, value, null, null);
        outcome = ScriptRuntime.toString(json);
      } catch (RhinoException e) {
        outcome = "error:" + e.getClass().getSimpleName() + ":" + e.details();
      }
      return outcome + "|" + ScriptRuntime.toString(log);
    }
  }
}
