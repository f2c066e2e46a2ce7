package org.couchtck.kit.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MatchResultTest {

    @Test
    void should_have_no_pointer_or_message_when_ok() {
        assertThat(MatchResult.ok()).isEqualTo(new MatchResult(true, "", ""));
    }

    @Test
    void should_prefix_the_pointer_with_escaped_tokens_when_seen_from_the_parent() {
        MatchResult inner = MatchResult.mismatch("/2", "expected 1, got 2");

        MatchResult outer = inner.under("a/b~c").under("0");

        assertThat(outer.pointer()).isEqualTo("/0/a~1b~0c/2");
        assertThat(outer.message()).isEqualTo("expected 1, got 2");
        assertThat(MatchResult.ok().under("0")).isEqualTo(MatchResult.ok());
    }
}
