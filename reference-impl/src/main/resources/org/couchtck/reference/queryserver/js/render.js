// Shows, lists, updates, rewrites and content negotiation (provides/registerType,
// start/send/getRow), with couchjs's behaviour including its quirks: the provides
// list is reversed in place while negotiating, candidates are ranked with a
// default (string) sort, start() fields in a show end up in its headers, and a
// provides function's result contributes only its body. Evaluated once in the
// host realm; its completion value installs the helpers. exchange(reply) writes
// a list reply and returns the next protocol line, parsed.
(function (toSource, log, exchange) {

  // ---- MIME types by short name ("html" -> "text/html; charset=utf-8") ----

  var typesByKey = {};
  var keyByType = {};

  function registerType(key) {
    var types = Array.prototype.slice.call(arguments, 1);
    typesByKey[key] = types;
    types.forEach(function (type) { keyByType[type] = key; });
  }

  [
    ["all", "*/*"],
    ["text", "text/plain; charset=utf-8", "txt"],
    ["html", "text/html; charset=utf-8"],
    ["xhtml", "application/xhtml+xml", "xhtml"],
    ["xml", "application/xml", "text/xml", "application/x-xml"],
    ["js", "text/javascript", "application/javascript", "application/x-javascript"],
    ["css", "text/css"],
    ["ics", "text/calendar"],
    ["csv", "text/csv"],
    ["rss", "application/rss+xml"],
    ["atom", "application/atom+xml"],
    ["yaml", "application/x-yaml", "text/yaml"],
    ["multipart_form", "multipart/form-data"],
    ["url_encoded_form", "application/x-www-form-urlencoded"],
    ["json", "application/json", "text/x-json"]
  ].forEach(function (entry) { registerType.apply(null, entry); });

  // ---- Accept header matching (RFC 2616 media ranges) ----

  function trim(s) {
    return s.replace(/^\s+/, "").replace(/\s+$/, "");
  }

  function parseMediaRange(text) {
    var parts = text.split(";");
    var params = {};
    for (var i = 0; i < parts.length; i++) {
      var pair = parts[i].split("=");
      if (pair.length == 2) params[trim(pair[0])] = trim(pair[1]);
    }
    var full = trim(parts[0]);
    if (full == "*") full = "*/*";
    var q = parseFloat(params.q);
    if (!params.q || isNaN(q) || q > 1 || q < 0) params.q = "1";
    var typeAndSub = full.split("/");
    return [typeAndSub[0], typeAndSub[1], params];
  }

  // [fitness, q] of the best range for one type: exact type 100, exact subtype 10,
  // plus one per matching parameter; [-1, 0] when no range matches.
  function fitnessAndQuality(type, ranges) {
    var target = parseMediaRange(type);
    var bestFitness = -1, bestQ = 0;
    ranges.forEach(function (range) {
      var typeMatches = range[0] == target[0] || range[0] == "*" || target[0] == "*";
      var subMatches = range[1] == target[1] || range[1] == "*" || target[1] == "*";
      if (!typeMatches || !subMatches) return;
      var fitness = (range[0] == target[0] ? 100 : 0) + (range[1] == target[1] ? 10 : 0);
      for (var name in target[2]) {
        if (name != "q" && range[2][name] && range[2][name] == target[2][name]) fitness += 1;
      }
      if (fitness > bestFitness) {
        bestFitness = fitness;
        bestQ = range[2].q;
      }
    });
    return [bestFitness, parseFloat(bestQ)];
  }

  function bestMatch(supported, accept) {
    var ranges = accept.split(",").map(parseMediaRange);
    var ranked = supported.map(function (type, i) {
      return [fitnessAndQuality(type, ranges), i, type];
    });
    ranked.sort();
    var best = ranked[ranked.length - 1];
    return best[0][1] ? best[2] : "";
  }

  // ---- provides() ----

  var provided = [];
  var providesUsed = false;
  var responseType = null;

  function provides(key, fn) {
    providesUsed = true;
    provided.push([key, fn]);
  }

  function resetProvides() {
    provided = [];
    providesUsed = false;
    responseType = null;
  }

  function runProvides(req, ddoc) {
    var bestKey = null;
    var accept = req.headers["Accept"];
    if (req.query && req.query.format) {
      bestKey = req.query.format;
      responseType = typesByKey[bestKey][0];
    } else if (accept) {
      var supported = [];
      provided.reverse().forEach(function (entry) {
        if (typesByKey[entry[0]]) supported = supported.concat(typesByKey[entry[0]]);
      });
      responseType = bestMatch(supported, accept);
      bestKey = keyByType[responseType];
    } else {
      bestKey = provided[0][0];
      responseType = typesByKey[bestKey][0];
    }
    var bestFn;
    if (bestKey) {
      for (var i = 0; i < provided.length; i++) {
        if (provided[i][0] == bestKey) {
          bestFn = provided[i][1];
          break;
        }
      }
    }
    if (bestFn) return bestFn.call(ddoc);
    var offered = provided.map(function (entry) {
      return typesByKey[entry[0]].join(", ") || entry[0];
    });
    throw ["error", "not_acceptable",
      "Content-Type " + (accept || bestKey) + " not supported, try one of: " + offered.join(", ")];
  }

  // ---- start() and send() ----

  var chunks = [];
  var startResp = {};
  var startCalled = false;
  var gotRow = false;
  var lastRow = false;

  function start(resp) {
    startResp = resp || {};
    startCalled = true;
  }

  function send(chunk) {
    chunks.push(chunk.toString());
  }

  function resetChunks() {
    chunks = [];
    startResp = {};
    startCalled = false;
    gotRow = false;
    lastRow = false;
  }

  // The first list reply: chunks so far and the start() response with its type.
  function startReply() {
    var reply = ["start", chunks, withContentType(startResp || {}, responseType)];
    chunks = [];
    startResp = {};
    startCalled = false;
    return reply;
  }

  // Later list replies; a start() made after the first row rides along once.
  function chunksReply(label) {
    var reply = startCalled ? [label, chunks, startResp] : [label, chunks];
    chunks = [];
    startResp = {};
    startCalled = false;
    return reply;
  }

  function getRow() {
    if (lastRow) return null;
    var reply;
    if (!gotRow) {
      gotRow = true;
      reply = startReply();
    } else {
      reply = chunksReply("chunks");
    }
    var line = exchange(reply);
    if (line[0] == "list_end") {
      lastRow = true;
      return null;
    }
    if (line[0] != "list_row") {
      throw ["fatal", "list_error", "not a row '" + line[0] + "'"];
    }
    return line[1];
  }

  function withContentType(resp, type) {
    resp.headers = resp.headers || {};
    if (type) resp.headers["Content-Type"] = resp.headers["Content-Type"] || type;
    return resp;
  }

  function asResponse(resp) {
    return typeof resp == "string" ? {body: resp} : resp;
  }

  // Arrays made in a function's own global are not instanceof this realm's Array.
  function kindOf(value) {
    var kind = typeof value;
    if (kind === "object") {
      if (!value) return "null";
      if (value instanceof Array) return "array";
    }
    return kind;
  }

  function renderError(e, errorId) {
    if (e.error && e.reason || e[0] == "error" || e[0] == "fatal") throw e;
    var message = "function raised error: " + toSource(e) + " \nstacktrace: " + e.stack;
    log(message);
    throw ["error", errorId || "render_error", message];
  }

  function runShow(fn, ddoc, args) {
    try {
      resetChunks();
      resetProvides();
      var resp = asResponse(fn.apply(ddoc, args) || {});
      if (chunks.length > 0) {
        resp.headers = resp.headers || {};
        for (var field in startResp) resp.headers[field] = startResp[field];
        resp.body = chunks.join("") + (resp.body || "");
        resetChunks();
      }
      if (providesUsed) {
        var providedResp = asResponse(runProvides(args[1], ddoc) || {});
        resp.body = (resp.body || "") + chunks.join("");
        resp.body += providedResp.body || "";
        resp = withContentType(resp, responseType);
        resetChunks();
      }
      var kind = kindOf(resp);
      if (kind == "object" || kind == "string") return ["resp", asResponse(resp)];
      throw ["error", "render_error", "undefined response from show function"];
    } catch (e) {
      if (args[0] === null && args[1].path.length > 5) {
        throw ["error", "not_found", "document not found"];
      }
      renderError(e);
    }
  }

  function runUpdate(fn, ddoc, args) {
    try {
      if (args[1].method == "GET") {
        throw ["error", "method_not_allowed", "Update functions do not allow GET"];
      }
      var result = fn.apply(ddoc, args);
      var doc = result[0];
      var resp = result[1];
      var kind = kindOf(resp);
      if (kind == "object" || kind == "string") return ["up", doc, asResponse(resp)];
      throw ["error", "render_error", "undefined response from update function"];
    } catch (e) {
      renderError(e);
    }
  }

  // The list's reply to its last row (or to the list call, with no rows read).
  function runList(fn, ddoc, args) {
    try {
      resetProvides();
      resetChunks();
      var tail = fn.apply(ddoc, args);
      if (providesUsed) tail = runProvides(args[1], ddoc);
      if (!gotRow) getRow();
      if (typeof tail != "undefined") chunks.push(tail);
      return chunksReply("end");
    } catch (e) {
      renderError(e);
    }
  }

  // A falsy result (undefined, null, false, "", 0, NaN) means no rule matched; CouchDB
  // answers that with 404. A string result is a path for the request's own method; any
  // other truthy value is passed on for CouchDB to judge ("bad rewrite").
  function runRewrite(fn, ddoc, args) {
    var result;
    try {
      result = fn.apply(ddoc, args);
    } catch (e) {
      renderError(e, "rewrite_error");
    }
    if (!result) return ["no_dispatch_rule"];
    if (typeof result == "string") result = {path: result, method: args[0].method};
    return ["ok", result];
  }

  return {
    sandboxGlobals: {
      registerType: registerType,
      provides: provides,
      start: start,
      send: send,
      getRow: getRow
    },
    runShow: runShow,
    runList: runList,
    runUpdate: runUpdate,
    runRewrite: runRewrite
  };
})
