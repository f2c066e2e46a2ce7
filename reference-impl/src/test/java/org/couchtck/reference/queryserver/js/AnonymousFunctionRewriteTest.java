package org.couchtck.reference.queryserver.js;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.EvaluatorException;

class AnonymousFunctionRewriteTest {

  private static String prepare(String source) throws AnonymousFunctionRewrite.Failure {
    try (Context cx = new SandboxedContextFactory(1000).enterContext()) {
      return AnonymousFunctionRewrite.prepare(cx, source);
    }
  }

  @Test
  void should_parenthesise_the_trailing_anonymous_function_in_place() throws Exception {
    assertThat(prepare("var x = 1;\nfunction(doc) { emit(x); } // c"))
        .isEqualTo("var x = 1;\n(function(doc) { emit(x); }) // c");
  }

  @Test
  void should_leave_expressions_and_named_declarations_alone() throws Exception {
    assertThat(prepare("(function(doc) {})")).isEqualTo("(function(doc) {})");
    assertThat(prepare("function named(doc) {}")).isEqualTo("function named(doc) {}");
    assertThat(prepare("doc => 1")).isEqualTo("doc => 1");
  }

  @Test
  void should_fail_with_couchjs_text_when_the_program_is_empty() {
    assertThatThrownBy(() -> prepare("// only a comment"))
        .isInstanceOfSatisfying(
            AnonymousFunctionRewrite.Failure.class,
            f -> assertThat(f.errorSource()).contains("decl is undefined"));
  }

  @Test
  void should_fail_when_a_second_anonymous_function_statement_remains() {
    assertThatThrownBy(() -> prepare("function(a) {}\nfunction(b) {}"))
        .isInstanceOfSatisfying(
            AnonymousFunctionRewrite.Failure.class,
            f -> assertThat(f.errorSource())
                .isEqualTo(
                    "(new SyntaxError(\"function statement requires a name\", \"<unknown>\", 1))"));
  }

  @Test
  void should_throw_a_syntax_error_when_the_source_does_not_parse() {
    assertThatThrownBy(() -> prepare("function(doc) {")).isInstanceOf(EvaluatorException.class);
  }
}
