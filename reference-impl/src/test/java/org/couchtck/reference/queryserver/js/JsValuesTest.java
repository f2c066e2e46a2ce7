package org.couchtck.reference.queryserver.js;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.Function;
import org.mozilla.javascript.ScriptRuntime;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;

class JsValuesTest {

  // What a script can learn of a value's shape: every own property with its descriptor, whether
  // objects are extensible and frozen, and what writes, deletes and additions do (sloppy and
  // strict), recursively.
  private static final String DESCRIBE =
      "(function describe(v) {"
          + "  if (v === null || typeof v !== 'object') return JSON.stringify(v);"
          + "  var names = Object.getOwnPropertyNames(v);"
          + "  var parts = [Array.isArray(v) ? 'array' : 'object', Object.isExtensible(v),"
          + "    Object.isFrozen(v), Object.isSealed(v), JSON.stringify(names)];"
          + "  names.forEach(function (n) {"
          + "    var d = Object.getOwnPropertyDescriptor(v, n);"
          + "    parts.push(n + ':' + [d.writable, d.enumerable, d.configurable].join());"
          + "    if (n !== 'length') parts.push(describe(v[n]));"
          + "  });"
          + "  function attempt(f) { try { f(); return 'ok'; } catch (e) { return e.name + ' ' + e.message; } }"
          + "  parts.push(attempt(function () { v.added = 1; }), String(v.added));"
          + "  parts.push(attempt(function () { 'use strict'; v.added = 1; }));"
          + "  if (names.length) {"
          + "    parts.push(attempt(function () { 'use strict'; v[names[0]] = 'changed'; }));"
          + "    parts.push(attempt(function () { 'use strict'; delete v[names[0]]; }));"
          + "  }"
          + "  if (Array.isArray(v)) {"
          + "    parts.push(attempt(function () { 'use strict'; v.length = 0; }));"
          + "    parts.push(attempt(function () { 'use strict'; v[v.length] = 1; }));"
          + "    parts.push(attempt(function () { v[v.length + 3] = 1; }), v.length, String(v[v.length + 3]));"
          + "    parts.push(attempt(function () { v.push(1); }));"
          + "    parts.push(attempt(function () { Object.defineProperty(v, 0, {value: 2}); }));"
          + "  }"
          + "  return '{' + parts.join(' ') + '}';"
          + "})";

  private static final String DEEP_FREEZE =
      "(function deepFreeze(v) {"
          + "  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;"
          + "  Object.freeze(v);"
          + "  Object.keys(v).forEach(function (k) { deepFreeze(v[k]); });"
          + "  return v;"
          + "})";

  @Test
  void should_make_documents_exactly_as_a_recursive_object_freeze_leaves_them() {
    // JsValues.build with a FrozenDocumentBuilder is what map_doc's documents go through.
    Random random = new Random(11);
    for (int i = 0; i < 200; i++) {
      Object json = randomJson(random, 0);
      try (Context cx = new SandboxedContextFactory(1000).enterContext()) {
        Scriptable scope = cx.initSafeStandardObjects(null, false);
        Function describe = (Function) cx.evaluateString(scope, DESCRIBE, "describe", 1, null);
        Function deepFreeze = (Function) cx.evaluateString(scope, DEEP_FREEZE, "freeze", 1, null);

        Object frozenAsBuilt = JsValues.build(json, new FrozenDocumentBuilder(scope));
        Object frozenAfterwards =
            deepFreeze.call(cx, scope, scope, new Object[] {JsValues.toJs(cx, scope, json)});

        String expected =
            ScriptRuntime.toString(describe.call(cx, scope, scope, new Object[] {frozenAfterwards}));
        String actual =
            ScriptRuntime.toString(describe.call(cx, scope, scope, new Object[] {frozenAsBuilt}));
        assertThat(actual).as("%s", json).isEqualTo(expected);
      }
    }
  }

  @Test
  void should_leave_values_writable_without_freezing() {
    try (Context cx = new SandboxedContextFactory(1000).enterContext()) {
      Scriptable scope = cx.initSafeStandardObjects(null, false);
      Map<String, Object> doc = new LinkedHashMap<>();
      doc.put("a", new ArrayList<>(List.of(1.0)));
      Scriptable value = (Scriptable) JsValues.toJs(cx, scope, doc);
      ScriptableObject.putProperty(scope, "v", value);

      Object result =
          cx.evaluateString(scope, "'use strict'; v.a.push(2); v.b = 3; JSON.stringify(v)", "t", 1, null);

      assertThat(result).isEqualTo("{\"a\":[1,2],\"b\":3}");
    }
  }

  private static Object randomJson(Random random, int depth) {
    switch (random.nextInt(depth > 2 ? 4 : 6)) {
      case 0:
        return random.nextInt(100) / 4.0;
      case 1:
        return "s" + random.nextInt(10);
      case 2:
        return random.nextBoolean() ? Boolean.TRUE : null;
      case 3:
        return random.nextBoolean() ? -0.0 : "";
      case 4:
        Map<String, Object> object = new LinkedHashMap<>();
        for (int m = random.nextInt(5); m > 0; m--) {
          // Keys that read as array indexes are stored as index slots.
          String key =
              Arrays.asList("a", "b", "_id", "0", "7", "10", "4294967295", "-1")
                  .get(random.nextInt(8));
          object.put(key, randomJson(random, depth + 1));
        }
        return object;
      default:
        List<Object> array = new ArrayList<>();
        for (int e = random.nextInt(5); e > 0; e--) {
          array.add(randomJson(random, depth + 1));
        }
        return array;
    }
  }
}
