// Host realm of the reference query server. Documents, reduce inputs and the
// helpers handed to user functions live here, never in a function's own global,
// so a function cannot change what other functions (or the server) see.
// Evaluated once per engine; its completion value is the helper table.
(function (global, evalIn, recordIndexed) {
  // Deliberately not strict: Rhino applies the strictness of a calling function to
  // the property writes of the user code it calls.

  var USER_FILE = "<unknown>";

  function isError(v) {
    return Object.prototype.toString.call(v) === "[object Error]";
  }

  // SpiderMonkey reports the line inside the user's source; Rhino leaves it
  // on the stack, so take the first frame that belongs to user code.
  function userLine(err) {
    var match = /<unknown>:(\d+)/.exec(String(err.stack || ""));
    if (match) return Number(match[1]);
    return err.lineNumber || 0;
  }

  // The text SpiderMonkey's toSource() gives for a thrown value.
  function toSource(v) {
    if (v === undefined) return "(void 0)";
    if (v === null) return "null";
    switch (typeof v) {
      case "string": return "(new String(" + uneval(v) + "))";
      case "number": return "(new Number(" + uneval(v) + "))";
      case "boolean": return "(new Boolean(" + v + "))";
    }
    if (isError(v)) {
      return "(new " + v.name + "(" + uneval(String(v.message)) + ", " +
        uneval(USER_FILE) + ", " + userLine(v) + "))";
    }
    return uneval(v);
  }

  // Error-like values become {error, message} where couchjs converts them
  // (emitted values, logged objects).
  function errorToJson(v) {
    if (v !== null && typeof v === "object" && v.stack !== undefined &&
        v.name !== undefined && v.message !== undefined) {
      return {error: v.name, message: v.message};
    }
    return v;
  }

  // Rhino gives errors enumerable fileName/lineNumber properties that
  // SpiderMonkey's lack; replies show the remaining own properties.
  function replyForm(v) {
    if (!isError(v)) return v;
    var copy = {};
    Object.keys(v).forEach(function (k) {
      if (k !== "fileName" && k !== "lineNumber" && k !== "columnNumber") copy[k] = v[k];
    });
    return copy;
  }

  function deepFreeze(v) {
    if (v === null || typeof v !== "object" || Object.isFrozen(v)) return v;
    Object.freeze(v);
    var keys = Object.keys(v);
    for (var i = 0; i < keys.length; i++) deepFreeze(v[keys[i]]);
    return v;
  }

  // Rhino lets mutator methods quietly succeed on frozen arrays; SpiderMonkey
  // throws, even in sloppy mode. Only host arrays (documents) are affected.
  function guardFrozenArrays(proto) {
    var growing = "can't define array index property past the end of an array with non-writable length";
    var rules = {
      push: function (a, n) { return n > 0 ? growing : null; },
      unshift: function (a, n) { return n > 0 ? growing : null; },
      pop: function (a) { return a.length > 0 ? "property " + (a.length - 1) + " is non-configurable and can't be deleted" : null; },
      shift: function (a) { return a.length > 0 ? "0 is read-only" : null; },
      splice: function (a, n) { return n > 0 ? "0 is read-only" : null; },
      sort: function (a) { return a.length > 0 ? "0 is read-only" : null; },
      reverse: function (a) { return a.length > 1 ? "0 is read-only" : null; },
      fill: function (a) { return a.length > 0 ? "0 is read-only" : null; },
      copyWithin: function (a) { return a.length > 0 ? "0 is read-only" : null; }
    };
    Object.keys(rules).forEach(function (name) {
      var original = proto[name];
      var rule = rules[name];
      Object.defineProperty(proto, name, {
        configurable: true, writable: true, enumerable: false,
        value: function () {
          if (Object.isFrozen(this)) {
            var message = rule(this, arguments.length);
            if (message !== null) throw new TypeError(message);
          }
          return original.apply(this, arguments);
        }
      });
    });
  }

  function callSafely(fn, self, args) {
    try {
      return [true, fn.apply(self, args)];
    } catch (e) {
      return [false, e];
    }
  }

  function isFatalErrorString(err) {
    return err == "fatal_error";
  }

  function firstElement(err) {
    return err[0];
  }

  function sum(values) {
    var rv = 0;
    for (var i in values) {
      rv += values[i];
    }
    return rv;
  }

  function isArray(obj) {
    return Object.prototype.toString.call(obj) === "[object Array]";
  }

  function toJSON(v) {
    return JSON.stringify(v);
  }

  // Search indexing (index_doc for dreyfus/Clouseau, nouveau_index_doc for Nouveau):
  // index() calls hand fields to the engine; map functions may call it without effect.

  function dreyfusIndex(name, value, options) {
    if (typeof name !== "string") {
      throw {name: "TypeError", message: "name must be a string not " + typeof name};
    }
    if (name.substring(0, 1) === "_") {
      throw {name: "ReservedName", message: "name must not start with an underscore"};
    }
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      throw {name: "TypeError", message: "value must be a string, a number or boolean not " + typeof value};
    }
    if (options && typeof options !== "object") {
      throw {name: "TypeError", message: "options must be an object not " + typeof options};
    }
    recordIndexed([name, value, options || {}]);
  }

  function requireType(what, expected, value) {
    if (typeof value !== expected) {
      throw {name: "TypeError", message: "type of " + what + " must be a " + expected + " not " + typeof value};
    }
  }

  function nouveauIndex(type, name, value, options) {
    requireType("type", "string", type);
    requireType("name", "string", name);
    if (name.substring(0, 1) === "_") {
      throw {name: "ReservedName", message: "name must not start with an underscore"};
    }
    options = options || {};
    switch (type) {
      case "double":
      case "string":
        requireType("value", type == "double" ? "number" : "string", value);
        recordIndexed({"@type": type, name: name, value: value, store: options.store, facet: options.facet});
        break;
      case "text":
        requireType("value", "string", value);
        recordIndexed({"@type": type, name: name, value: value, store: options.store});
        break;
      case "stored":
        if (typeof value != "number" && typeof value != "string") {
          throw {name: "TypeError", message: "type of " + value + " must be a string or number"};
        }
        recordIndexed({"@type": type, name: name, value: value});
        break;
      default:
        throw {name: "TypeError", message: type + " not supported"};
    }
  }

  // CommonJS modules from a design document (for map functions: {views: {lib}}).
  function resolveModule(names, mod, root) {
    if (names.length == 0) {
      if (typeof mod.current != "string") {
        throw ["error", "invalid_require_path",
          "Must require a JavaScript string, not: " + (typeof mod.current)];
      }
      return {current: mod.current, parent: mod.parent, id: mod.id, exports: {}};
    }
    var n = names.shift();
    if (n == "..") {
      if (!(mod.parent && mod.parent.parent)) {
        throw ["error", "invalid_require_path", "Object has no parent " + JSON.stringify(mod.current)];
      }
      return resolveModule(names, {
        id: mod.id.slice(0, mod.id.lastIndexOf("/")),
        parent: mod.parent.parent,
        current: mod.parent.current
      });
    } else if (n == ".") {
      if (!mod.parent) {
        throw ["error", "invalid_require_path", "Object has no parent " + JSON.stringify(mod.current)];
      }
      return resolveModule(names, {parent: mod.parent, current: mod.current, id: mod.id});
    } else if (root) {
      mod = {current: root};
    }
    if (mod.current === null || mod.current === undefined) {
      // The wording SpiderMonkey uses for this property access.
      throw new TypeError("mod.current is " + mod.current);
    }
    if (mod.current[n] === undefined) {
      throw ["error", "invalid_require_path", "Object has no property \"" + n + "\". " + JSON.stringify(mod.current)];
    }
    return resolveModule(names, {
      current: mod.current[n],
      parent: mod,
      id: mod.id ? mod.id + "/" + n : n
    });
  }

  function makeRequire(sandbox, ddoc) {
    if (!ddoc._module_cache) ddoc._module_cache = {};
    var require = function (name, module) {
      module = module || {};
      var newModule = resolveModule(name.split("/"), module.parent, ddoc);
      if (!Object.prototype.hasOwnProperty.call(ddoc._module_cache, newModule.id)) {
        // Placeholder first: a circular require sees it instead of recursing.
        ddoc._module_cache[newModule.id] = {};
        var source = "(function (module, exports, require) { " + newModule.current + "\n })";
        try {
          var func = evalIn(sandbox, source, newModule.id);
          func.apply(sandbox, [newModule, newModule.exports, function (name) {
            return require(name, newModule);
          }]);
        } catch (e) {
          throw ["error", "compilation_error", "Module require('" + name + "') raised error " + toSource(e)];
        }
        ddoc._module_cache[newModule.id] = newModule.exports;
      }
      return ddoc._module_cache[newModule.id];
    };
    return require;
  }

  guardFrozenArrays(Array.prototype);
  deepFreeze(JSON);

  return {
    toSource: toSource,
    errorToJson: errorToJson,
    replyForm: replyForm,
    callSafely: callSafely,
    isFatalErrorString: isFatalErrorString,
    firstElement: firstElement,
    makeRequire: makeRequire,
    nouveauIndex: nouveauIndex,
    sandboxGlobals: {
      sum: sum,
      isArray: isArray,
      toJSON: toJSON,
      index: dreyfusIndex,
      JSON: JSON
    }
  };
})
