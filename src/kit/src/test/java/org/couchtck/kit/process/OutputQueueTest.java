package org.couchtck.kit.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.couchtck.kit.process.OutputQueue.End;
import org.couchtck.kit.process.OutputQueue.Item;
import org.couchtck.kit.process.OutputQueue.Received;
import org.couchtck.kit.wire.BoundedLineReader.Line;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OutputQueueTest {

    @Test
    void should_hand_items_over_in_order() throws Exception {
        OutputQueue queue = new OutputQueue(1024 * 1024);

        queue.put(received("a"));
        queue.put(received("b"));

        assertThat(text(queue.poll(farFuture()))).isEqualTo("a");
        assertThat(text(queue.poll(farFuture()))).isEqualTo("b");
    }

    @Test
    void should_give_null_when_nothing_arrives_before_the_deadline() throws Exception {
        OutputQueue queue = new OutputQueue(1024);

        assertThat(queue.poll(System.nanoTime())).isNull();
    }

    @Test
    void should_keep_returning_the_end_once_reached() throws Exception {
        OutputQueue queue = new OutputQueue(1024);
        queue.put(new End());

        assertThat(queue.poll(farFuture())).isInstanceOf(End.class);
        assertThat(queue.poll(System.nanoTime())).isInstanceOf(End.class);
    }

    @Test
    void should_hand_over_what_is_there_without_waiting_when_polled_now() throws Exception {
        OutputQueue queue = new OutputQueue(1024);

        Item before = queue.pollNow();
        queue.put(received("a"));
        queue.put(new End());

        assertThat(before).isNull();
        assertThat(text(queue.pollNow())).isEqualTo("a");
        assertThat(queue.pollNow()).isInstanceOf(End.class);
        assertThat(queue.pollNow()).isInstanceOf(End.class);
    }

    @Test
    void should_hold_a_producer_over_budget_until_the_consumer_takes_an_item() throws Exception {
        OutputQueue queue = new OutputQueue(300);
        queue.put(received("x".repeat(100)));
        CompletableFuture<Void> second = CompletableFuture.runAsync(() -> putQuietly(queue, received("y".repeat(100))));

        Item first = queue.poll(farFuture());
        second.get(20, TimeUnit.SECONDS);

        assertThat(text(first)).startsWith("x");
        assertThat(text(queue.poll(farFuture()))).startsWith("y");
    }

    @Test
    void should_accept_a_lone_item_larger_than_the_budget() throws Exception {
        OutputQueue queue = new OutputQueue(10);

        queue.put(received("z".repeat(1000)));

        assertThat(text(queue.poll(farFuture()))).hasSize(1000);
    }

    @Test
    void should_release_a_waiting_producer_and_drop_everything_when_discarded() throws Exception {
        OutputQueue queue = new OutputQueue(300);
        queue.put(received("x".repeat(100)));
        CompletableFuture<Void> blocked = CompletableFuture.runAsync(() -> putQuietly(queue, received("y".repeat(100))));

        queue.discard();
        blocked.get(20, TimeUnit.SECONDS);

        assertThat(queue.poll(System.nanoTime())).isNull();
    }

    private static Received received(String text) {
        return new Received(new Line(text, false, text.length(), true));
    }

    private static String text(Item item) {
        return ((Received) item).line().text();
    }

    private static long farFuture() {
        return System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    }

    private static void putQuietly(OutputQueue queue, Item item) {
        try {
            queue.put(item);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
