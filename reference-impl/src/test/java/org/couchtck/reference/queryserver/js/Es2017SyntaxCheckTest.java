package org.couchtck.reference.queryserver.js;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.mozilla.javascript.CompilerEnvirons;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.Parser;

class Es2017SyntaxCheckTest {

  private static Optional<String> check(String source) {
    try (Context cx = new SandboxedContextFactory(1000).enterContext()) {
      CompilerEnvirons env = new CompilerEnvirons();
      env.initFromContext(cx);
      return Es2017SyntaxCheck.firstViolation(new Parser(env).parse(source, "<unknown>", 1));
    }
  }

  @Test
  void should_report_the_first_too_new_construct_with_esprima_wording() {
    assertThat(check("x = a?.b ?? c"))
        .contains("(new Error(\"Line 1: Unexpected token .\", \"./share/server/main.js\", 1))");
    assertThat(check("x = a ?? c")).get().asString().contains("Unexpected token ?");
    assertThat(check("x = {...y}")).get().asString().contains("Unexpected token ...");
    assertThat(check("\n\nx = a ?? b")).get().asString().contains("Line 3:");
  }

  @Test
  void should_accept_es2017_syntax() {
    assertThat(check("const f = (a) => [a, `t${a}`]; for (var x of [1]) {} var y = 2 ** 3;"))
        .isEmpty();
  }
}
