// Runs in every new function global. couchjs starts SpiderMonkey with a content
// security policy that forbids compiling code at run time: eval() and the
// Function constructor throw EvalError there.
(function (global) {
  var original = global.Function;
  var blocked = function Function() {
    throw new EvalError("call to Function() blocked by CSP");
  };
  blocked.prototype = original.prototype;
  global.Function = blocked;
  global.eval = function eval() {
    throw new EvalError("call to eval() blocked by CSP");
  };
})(this);
