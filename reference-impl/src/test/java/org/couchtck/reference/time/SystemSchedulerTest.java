package org.couchtck.reference.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SystemSchedulerTest {

    @Test
    void should_run_tasks_in_due_order_on_its_own_thread_and_never_before_their_delay() throws Exception {
        try (SystemScheduler scheduler = new SystemScheduler("couchtck-test-scheduler")) {
            // given
            List<String> ran = new CopyOnWriteArrayList<>();
            CountDownLatch done = new CountDownLatch(2);
            long scheduledAt = scheduler.nowMillis();
            scheduler.schedule(50, () -> {
                ran.add("late@" + (scheduler.nowMillis() - scheduledAt >= 50) + "@"
                        + Thread.currentThread().getName());
                done.countDown();
            });
            scheduler.schedule(0, () -> {
                ran.add("early");
                done.countDown();
            });

            // when
            boolean finished = done.await(30, TimeUnit.SECONDS);

            // then
            assertThat(finished).isTrue();
            assertThat(ran).containsExactly("early", "late@true@couchtck-test-scheduler");
        }
    }

    @Test
    void should_not_run_a_cancelled_task() throws Exception {
        try (SystemScheduler scheduler = new SystemScheduler("couchtck-test-scheduler")) {
            // given a task cancelled before it is due, and a later marker task
            List<String> ran = new CopyOnWriteArrayList<>();
            CountDownLatch marker = new CountDownLatch(1);
            Scheduler.Cancellable task = scheduler.schedule(20, () -> ran.add("cancelled"));
            task.cancel();
            scheduler.schedule(40, marker::countDown);

            // when
            boolean markerRan = marker.await(30, TimeUnit.SECONDS);

            // then
            assertThat(markerRan).isTrue();
            assertThat(ran).isEmpty();
        }
    }
}
