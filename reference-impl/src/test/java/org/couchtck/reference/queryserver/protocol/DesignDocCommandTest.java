package org.couchtck.reference.queryserver.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DesignDocCommandTest {

  private final ServerState state = new ServerState();
  private final CommandContext context =
      new CommandContext(state, null, message -> {}, 0, Duration.ofSeconds(5));

  @Test
  void should_register_the_design_doc_when_command_is_new() throws QueryServerError {
    // given
    DesignDocCommand command = new DesignDocCommand(DesignDocCommand.emptyTable());

    // when
    String reply = command.run(List.of("new", "_design/a", Map.of("_id", "_design/a")), context);

    // then
    assertThat(reply).isEqualTo("true");
    assertThat(state.designDocs()).containsKey("_design/a");
  }

  @Test
  void should_be_fatal_query_protocol_error_when_the_design_doc_is_not_cached() {
    // given
    DesignDocCommand command = new DesignDocCommand(DesignDocCommand.emptyTable());

    // then
    assertThatThrownBy(() -> command.run(List.of("_design/x", List.of("shows", "s"), List.of()), context))
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> {
              assertThat(e.isFatal()).isTrue();
              assertThat(e.replyJson())
                  .isEqualTo("[\"error\",\"query_protocol_error\",\"uncached design doc: _design/x\"]");
            });
  }

  @Test
  void should_dispatch_to_the_section_handler_when_one_is_registered() throws QueryServerError {
    // given
    DesignDocCommand command =
        new DesignDocCommand(Map.of("shows", (ddoc, path, args, ctx) -> "[\"resp\",{}]"));
    command.run(List.of("new", "_design/a", Map.of()), context);

    // when
    String reply = command.run(List.of("_design/a", List.of("shows", "s"), List.of()), context);

    // then
    assertThat(reply).isEqualTo("[\"resp\",{}]");
  }

  @Test
  void should_be_fatal_unknown_command_when_no_handler_serves_the_section() throws QueryServerError {
    // given
    DesignDocCommand command = new DesignDocCommand(DesignDocCommand.emptyTable());
    command.run(List.of("new", "_design/a", Map.of()), context);

    // then
    assertThatThrownBy(() -> command.run(List.of("_design/a", List.of(), List.of()), context))
        .isInstanceOfSatisfying(
            QueryServerError.class,
            e -> assertThat(e.replyJson())
                .isEqualTo("[\"error\",\"unknown_command\",\"unknown ddoc command 'undefined'\"]"));
  }
}
