// Runs in every new function global, and in the host realm. couchjs starts
// SpiderMonkey with a content security policy that forbids compiling code at
// run time: eval() and every function constructor throw EvalError there.
(function (global) {
  var blocked = function Function() {
    throw new EvalError("call to Function() blocked by CSP");
  };
  blocked.prototype = global.Function.prototype;
  var generator = function* () {};
  [global.Function.prototype, generator.constructor && generator.constructor.prototype]
    .forEach(function (proto) {
      if (proto) {
        Object.defineProperty(proto, "constructor", {
          value: blocked, writable: true, configurable: true, enumerable: false
        });
      }
    });
  global.Function = blocked;
  global.eval = function eval() {
    throw new EvalError("call to eval() blocked by CSP");
  };
})(this);
