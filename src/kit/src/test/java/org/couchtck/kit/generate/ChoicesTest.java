package org.couchtck.kit.generate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChoicesTest {

    @Test
    void should_draw_the_same_values_when_seeded_alike() {
        // given
        Choices first = Choices.random(42);
        Choices second = Choices.random(42);

        // when
        List<Long> a = new ArrayList<>();
        List<Long> b = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            a.add(first.draw(1000));
            b.add(second.draw(1000));
        }

        // then
        assertThat(a).isEqualTo(b).isEqualTo(first.recorded());
        assertThat(a).allMatch(v -> v >= 0 && v <= 1000);
    }

    @Test
    void should_replay_recorded_values_and_answer_zero_past_the_end() {
        // given
        Choices replay = Choices.replay(List.of(3L, 7L));

        // when
        long first = replay.draw(10);
        long second = replay.draw(10);
        long third = replay.draw(10);

        // then
        assertThat(List.of(first, second, third)).containsExactly(3L, 7L, 0L);
        assertThat(replay.recorded()).containsExactly(3L, 7L, 0L);
    }

    @Test
    void should_clamp_a_replayed_value_to_the_bound_when_the_bound_is_smaller() {
        // given
        Choices replay = Choices.replay(List.of(50L));

        // when
        long value = replay.draw(4);

        // then
        assertThat(value).isEqualTo(4);
        assertThat(replay.recorded()).containsExactly(4L);
    }

    @Test
    void should_answer_zero_when_the_draw_limit_is_reached() {
        // given
        List<Long> ones = new ArrayList<>();
        for (int i = 0; i < Choices.MAX_DRAWS + 5; i++) {
            ones.add(1L);
        }
        Choices replay = Choices.replay(ones);

        // when
        for (int i = 0; i < Choices.MAX_DRAWS; i++) {
            replay.draw(1);
        }

        // then
        assertThat(replay.draw(1)).isZero();
    }

    @Test
    void should_record_each_list_element_with_its_flag_as_a_span() {
        // given: flag, element, flag, element, flag that ends the list
        Choices replay = Choices.replay(List.of(99L, 5L, 99L, 6L, 0L));

        // when
        List<Long> elements = replay.list(10, 50, c -> c.draw(9));

        // then
        assertThat(elements).containsExactly(5L, 6L);
        assertThat(replay.spans()).containsExactly(new Choices.Span(0, 2), new Choices.Span(2, 4));
    }

    @Test
    void should_refuse_a_negative_bound() {
        assertThatThrownBy(() -> Choices.random(1).draw(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
