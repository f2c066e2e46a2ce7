package org.couchtck.reference.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class VirtualSchedulerTest {

    private final VirtualScheduler scheduler = new VirtualScheduler();
    private final List<String> ran = new ArrayList<>();

    @Test
    void should_run_tasks_in_due_order_and_equal_times_in_scheduling_order() {
        // given
        scheduler.schedule(30, () -> ran.add("c@" + scheduler.nowMillis()));
        scheduler.schedule(10, () -> ran.add("a@" + scheduler.nowMillis()));
        scheduler.schedule(10, () -> ran.add("b@" + scheduler.nowMillis()));

        // when
        scheduler.advance(20);

        // then
        assertThat(ran).containsExactly("a@10", "b@10");
        assertThat(scheduler.nowMillis()).isEqualTo(20);

        // when
        scheduler.advance(10);

        // then
        assertThat(ran).containsExactly("a@10", "b@10", "c@30");
    }

    @Test
    void should_run_tasks_that_tasks_schedule_when_they_fall_due_within_the_same_advance() {
        // given a task that re-arms itself every 100 ms
        Runnable[] tick = new Runnable[1];
        tick[0] = () -> {
            ran.add("tick@" + scheduler.nowMillis());
            scheduler.schedule(100, tick[0]);
        };
        scheduler.schedule(100, tick[0]);

        // when
        scheduler.advance(350);

        // then
        assertThat(ran).containsExactly("tick@100", "tick@200", "tick@300");
    }

    @Test
    void should_not_run_a_cancelled_task() {
        // given
        Scheduler.Cancellable task = scheduler.schedule(5, () -> ran.add("x"));

        // when
        task.cancel();
        scheduler.advance(10);

        // then
        assertThat(ran).isEmpty();
    }

    @Test
    void should_refuse_negative_delays_and_going_back_in_time() {
        assertThatThrownBy(() -> scheduler.schedule(-1, () -> {})).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> scheduler.advance(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
