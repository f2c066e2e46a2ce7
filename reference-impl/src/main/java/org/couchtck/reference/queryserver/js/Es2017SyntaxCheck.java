package org.couchtck.reference.queryserver.js;

import java.util.Optional;
import org.mozilla.javascript.Token;
import org.mozilla.javascript.ast.AstNode;
import org.mozilla.javascript.ast.AstRoot;
import org.mozilla.javascript.ast.CatchClause;
import org.mozilla.javascript.ast.InfixExpression;
import org.mozilla.javascript.ast.SpreadObjectProperty;

/**
 * couchjs on SpiderMonkey parses every function with esprima (ES2017) before evaluating it, so
 * later syntax that Rhino accepts is a compilation error there: optional chaining, nullish
 * coalescing (and {@code ??=}), object spread and catch without a binding. This check reports
 * the first such construct with esprima's message, as couchjs writes it.
 */
final class Es2017SyntaxCheck {

  private Es2017SyntaxCheck() {}

  /** SpiderMonkey's toSource() of esprima's error for the first too-new construct, if any. */
  static Optional<String> firstViolation(AstRoot root) {
    Violation[] first = {null};
    try {
      root.visit(
          node -> {
            Violation found = violationAt(node);
            if (found != null && (first[0] == null || found.position < first[0].position)) {
              first[0] = found;
            }
            // A catch clause without a binding cannot be walked by Rhino's visitor.
            return !(node instanceof CatchClause c && c.getVarName() == null);
          });
    } catch (RuntimeException e) {
      return Optional.empty(); // an AST shape the visitor cannot walk: nothing to report
    }
    if (first[0] == null) {
      return Optional.empty();
    }
    return Optional.of(
        "(new Error(\"Line "
            + first[0].line
            + ": Unexpected token "
            + first[0].token
            + "\", \"./share/server/main.js\", 1))");
  }

  private record Violation(int position, int line, String token) {}

  private static Violation violationAt(AstNode node) {
    int type = node.getType();
    if (type == Token.QUESTION_DOT) {
      return new Violation(operatorPosition(node), node.getLineno(), ".");
    }
    if (type == Token.NULLISH_COALESCING || type == Token.ASSIGN_NULLISH) {
      return new Violation(operatorPosition(node), node.getLineno(), "?");
    }
    if (node instanceof SpreadObjectProperty) {
      return new Violation(node.getAbsolutePosition(), node.getLineno(), "...");
    }
    if (node instanceof CatchClause c && c.getVarName() == null) {
      return new Violation(c.getBody().getAbsolutePosition(), node.getLineno(), "{");
    }
    return null;
  }

  private static int operatorPosition(AstNode node) {
    if (node instanceof InfixExpression infix && infix.getOperatorPosition() >= 0) {
      return node.getAbsolutePosition() + infix.getOperatorPosition();
    }
    return node.getAbsolutePosition() + 1;
  }
}
