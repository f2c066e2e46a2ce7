package org.couchtck.reference.queryserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class QueryServerMainTest {

  private static Process start() throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    return new ProcessBuilder(
            java, "-cp", System.getProperty("java.class.path"), QueryServerMain.class.getName())
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
  }

  private static void kill(Process process) {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  @Test
  @Timeout(60)
  void should_answer_over_stdio_and_exit_0_when_stdin_closes() throws Exception {
    // given
    Process process = start();
    try {
      OutputStream stdin = process.getOutputStream();
      BufferedReader stdout =
          new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      List<String> replies = new ArrayList<>();

      // when
      for (String line :
          List.of(
              "[\"reset\",{\"reduce_limit\":true,\"timeout\":5000}]",
              "[\"add_fun\",\"function(doc) { log('caf\u00e9'); emit(doc._id, 1); }\"]",
              "[\"map_doc\",{\"_id\":\"d\u00e9\"}]")) {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
        String reply = stdout.readLine();
        while (reply != null && reply.startsWith("[\"log\"")) {
          replies.add(reply);
          reply = stdout.readLine();
        }
        replies.add(reply);
      }
      stdin.close();
      boolean exited = process.waitFor(30, TimeUnit.SECONDS);

      // then
      assertThat(replies)
          .containsExactly("true", "true", "[\"log\",\"caf\u00e9\"]", "[[[\"d\u00e9\",1]]]");
      assertThat(exited).isTrue();
      assertThat(process.exitValue()).isZero();
    } finally {
      kill(process);
    }
  }

  @Test
  @Timeout(60)
  void should_exit_255_after_a_fatal_error() throws Exception {
    // given
    Process process = start();
    try {
      OutputStream stdin = process.getOutputStream();
      BufferedReader stdout =
          new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));

      // when
      stdin.write("[\"bogus\"]\n".getBytes(StandardCharsets.UTF_8));
      stdin.flush();
      String reply = stdout.readLine();
      boolean exited = process.waitFor(30, TimeUnit.SECONDS);

      // then
      assertThat(reply).isEqualTo("[\"error\",\"unknown_command\",\"unknown command 'bogus'\"]");
      assertThat(exited).isTrue();
      assertThat(process.exitValue()).isEqualTo(255);
    } finally {
      kill(process);
    }
  }

  @Test
  @Timeout(60)
  void should_answer_every_streamed_line_and_write_all_replies_before_a_fatal_exit()
      throws Exception {
    // given: all lines at once, as a pipe delivers them, with a fatal command before the last
    Process process = start();
    try {
      StringBuilder input = new StringBuilder("[\"reset\"]\n[\"add_fun\",\"function(doc) { emit(doc.n, null); }\"]\n");
      for (int n = 0; n < 500; n++) {
        input.append("[\"map_doc\",{\"n\":").append(n).append("}]\n");
      }
      input.append("[\"bogus\"]\n[\"reset\"]\n");

      // when
      try (OutputStream stdin = process.getOutputStream()) {
        stdin.write(input.toString().getBytes(StandardCharsets.UTF_8));
      }
      List<String> replies =
          new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))
              .lines()
              .toList();
      boolean exited = process.waitFor(30, TimeUnit.SECONDS);

      // then
      assertThat(replies).hasSize(503);
      assertThat(replies.get(2)).isEqualTo("[[[0,null]]]");
      assertThat(replies.get(501)).isEqualTo("[[[499,null]]]");
      assertThat(replies.get(502))
          .isEqualTo("[\"error\",\"unknown_command\",\"unknown command 'bogus'\"]");
      assertThat(exited).isTrue();
      assertThat(process.exitValue()).isEqualTo(255);
    } finally {
      kill(process);
    }
  }
}
