package org.couchtck.kit.process;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StderrTailTest {

    @Test
    void should_keep_everything_while_under_capacity() {
        StderrTail tail = new StderrTail(100);

        tail.appendLine("one");
        tail.appendLine("two");

        assertThat(tail.tail()).isEqualTo("one\ntwo\n");
    }

    @Test
    void should_keep_only_the_last_characters_when_over_capacity() {
        StderrTail tail = new StderrTail(10);

        for (int i = 0; i < 100; i++) {
            tail.appendLine("line " + i);
        }

        assertThat(tail.tail()).hasSize(10).endsWith("line 99\n");
    }
}
