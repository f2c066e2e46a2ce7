package org.couchtck.kit.process;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ExchangeTest {

    @Test
    void should_parse_the_reply_when_it_is_json() {
        Exchange exchange = reply("[[[\"k\",1]]]");

        assertThatJson(exchange.replyJson().orElseThrow().toString()).isEqualTo("[[[\"k\",1]]]");
    }

    @Test
    void should_give_no_json_when_the_reply_is_not_json_or_absent() {
        assertThat(reply("not json").replyJson()).isEmpty();
        assertThat(reply("true false").replyJson()).isEmpty();
        assertThat(new Exchange(List.of(), Optional.empty(), Exchange.Outcome.TIMEOUT, OptionalInt.empty(),
                List.of(), Duration.ofMillis(5000)).replyJson()).isEmpty();
    }

    @Test
    void should_describe_a_timeout_and_an_exit_before_the_reply() {
        Exchange timeout = new Exchange(List.of(), Optional.empty(), Exchange.Outcome.TIMEOUT, OptionalInt.empty(),
                List.of(), Duration.ofMillis(5000));
        Exchange crash = new Exchange(List.of(), Optional.empty(), Exchange.Outcome.EOF, OptionalInt.of(1),
                List.of(), Duration.ofMillis(3));

        assertThat(timeout.describe()).isEqualTo("no reply within 5000 ms");
        assertThat(crash.describe()).isEqualTo("server exited with status 1 before replying");
    }

    @Test
    void should_keep_a_given_detail_as_its_description() {
        Exchange exchange = new Exchange(List.of("x"), Optional.empty(), Exchange.Outcome.WRITE_FAILED,
                OptionalInt.empty(), List.of(), Duration.ZERO, "could not write the request: Broken pipe");

        assertThat(exchange.describe()).isEqualTo("could not write the request: Broken pipe");
        assertThat(exchange.logs()).containsExactly("x");
    }

    private static Exchange reply(String line) {
        return new Exchange(List.of(), Optional.of(line), Exchange.Outcome.REPLY, OptionalInt.empty(), List.of(),
                Duration.ofMillis(1));
    }
}
