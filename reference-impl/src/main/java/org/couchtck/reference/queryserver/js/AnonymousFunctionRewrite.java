package org.couchtck.reference.queryserver.js;

import java.util.List;
import java.util.Optional;
import org.mozilla.javascript.CompilerEnvirons;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.Node;
import org.mozilla.javascript.Parser;
import org.mozilla.javascript.ast.AstRoot;
import org.mozilla.javascript.ast.FunctionNode;

/**
 * couchjs's source rule for view functions: the source is a program whose completion value must
 * be the function. A trailing anonymous {@code function(doc) {...}} statement (not valid
 * JavaScript on its own) is turned into an expression, as CouchDB's esprima rewrite does, by
 * parenthesising it in place (so line numbers stay those of the source). Any other anonymous
 * function statement is SpiderMonkey's "function statement requires a name".
 */
final class AnonymousFunctionRewrite {

  /** Why a source cannot be prepared: SpiderMonkey's toSource() of the error. */
  static final class Failure extends Exception {
    private static final long serialVersionUID = 1L;

    Failure(String errorSource) {
      super(errorSource, null, false, false);
    }

    String errorSource() {
      return getMessage();
    }
  }

  // What CouchDB's rewrite throws for a program without statements (it reads .type of
  // undefined); the text is SpiderMonkey's, naming the line in CouchDB's main.js.
  static final String EMPTY_PROGRAM =
      "(new TypeError(\"decl is undefined\", \"./share/server/main.js\", 33))";

  private AnonymousFunctionRewrite() {}

  /**
   * Returns the source to evaluate.
   *
   * @throws org.mozilla.javascript.EvaluatorException for a syntax error
   * @throws Failure for syntax couchjs's parser rejects, an empty program or a second anonymous
   *     function statement
   */
  static String prepare(Context cx, String source) throws Failure {
    CompilerEnvirons env = new CompilerEnvirons();
    env.initFromContext(cx);
    AstRoot root = new Parser(env).parse(source, RhinoHost.USER_SOURCE_NAME, 1);
    Optional<String> tooNew = Es2017SyntaxCheck.firstViolation(root);
    if (tooNew.isPresent()) {
      throw new Failure(tooNew.get());
    }
    List<Node> statements = new java.util.ArrayList<>();
    for (Node child : root) {
      statements.add(child);
    }
    if (statements.isEmpty()) {
      throw new Failure(EMPTY_PROGRAM);
    }
    FunctionNode target = lastFunctionStatement(statements);
    for (Node statement : statements) {
      if (statement != target && isAnonymousStatement(statement)) {
        throw new Failure(
            "(new SyntaxError(\"function statement requires a name\", \""
                + RhinoHost.USER_SOURCE_NAME
                + "\", "
                + ((FunctionNode) statement).getLineno()
                + "))");
      }
    }
    if (target == null || target.getFunctionName() != null) {
      return source;
    }
    int start = target.getAbsolutePosition();
    int end = start + target.getLength();
    return source.substring(0, start) + "(" + source.substring(start, end) + ")"
        + source.substring(end);
  }

  private static FunctionNode lastFunctionStatement(List<Node> statements) {
    for (int i = statements.size() - 1; i >= 0; i--) {
      if (statements.get(i) instanceof FunctionNode fn
          && fn.getFunctionType() == FunctionNode.FUNCTION_STATEMENT) {
        return fn;
      }
    }
    return null;
  }

  private static boolean isAnonymousStatement(Node statement) {
    return statement instanceof FunctionNode fn
        && fn.getFunctionType() == FunctionNode.FUNCTION_STATEMENT
        && fn.getFunctionName() == null;
  }
}
