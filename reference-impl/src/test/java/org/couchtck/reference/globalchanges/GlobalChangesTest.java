package org.couchtck.reference.globalchanges;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.couchtck.reference.time.VirtualScheduler;
import org.junit.jupiter.api.Test;

/** global_changes as a deterministic simulation in virtual time, rule by rule. */
class GlobalChangesTest {

    private final VirtualScheduler time = new VirtualScheduler();
    /** Each write of the store: the virtual time and the document ids touched. */
    private final List<String> writes = new ArrayList<>();
    private boolean dbExists = true;
    private final GlobalChangesStore store = ids -> {
        if (!dbExists) {
            return false;
        }
        writes.add(time.nowMillis() + " " + ids);
        return true;
    };

    private GlobalChanges start(GlobalChangesConfig config) {
        return new GlobalChanges(time, store, config);
    }

    @Test
    void should_write_many_updates_of_one_database_as_one_document_at_the_next_write_tick() {
        // given
        GlobalChanges changes = start(GlobalChangesConfig.defaults());

        // when three updates of db1 within max_event_delay
        changes.onEvent("db1", DbEvent.UPDATED);
        time.advance(5);
        changes.onEvent("db1", DbEvent.UPDATED);
        changes.onEvent("db1", DbEvent.UPDATED);
        time.advance(1000);

        // then one document, written at the first tick of max_write_delay
        assertThat(writes).containsExactly("500 [updated:db1]");
    }

    @Test
    void should_hand_a_batch_on_max_event_delay_after_its_first_event() {
        // given a writer that ticks every 10 ms, so the listener's timing shows
        GlobalChanges changes = start(new GlobalChangesConfig(true, 25, 10, GlobalChangesConfig.DB_NAME));

        // when events come at 0, 20 (same batch) and 30 (next batch)
        changes.onEvent("a", DbEvent.CREATED);
        time.advance(20);
        changes.onEvent("b", DbEvent.CREATED);
        time.advance(10);
        changes.onEvent("c", DbEvent.CREATED);
        time.advance(100);

        // then the first batch reaches the writer at 25 (written at 30), the second at 55 (written at 60)
        assertThat(writes).containsExactly("30 [created:a, created:b]", "60 [created:c]");
    }

    @Test
    void should_keep_types_apart_and_ignore_its_own_database_and_other_events() {
        // given
        GlobalChanges changes = start(GlobalChangesConfig.defaults());

        // when
        changes.onEvent("db1", DbEvent.CREATED);
        changes.onEvent("db1", DbEvent.UPDATED);
        changes.onEvent("db1", DbEvent.DELETED);
        changes.onEvent("db2", DbEvent.OTHER);
        changes.onEvent(GlobalChangesConfig.DB_NAME, DbEvent.UPDATED);
        time.advance(500);

        // then
        assertThat(writes).containsExactly("500 [created:db1, deleted:db1, updated:db1]");
    }

    @Test
    void should_record_nothing_while_update_db_is_off_and_forget_what_was_pending_when_turned_off() {
        // given
        GlobalChanges off = start(new GlobalChangesConfig(false, 25, 500, GlobalChangesConfig.DB_NAME));
        off.onEvent("db1", DbEvent.UPDATED);
        time.advance(600);
        assertThat(writes).isEmpty();

        // and a second instance that had pending events when update_db was turned off
        GlobalChanges on = start(GlobalChangesConfig.defaults());
        on.onEvent("db2", DbEvent.UPDATED);
        time.advance(100);

        // when
        on.setUpdateDb(false);
        time.advance(1000);

        // then
        assertThat(writes).isEmpty();
    }

    @Test
    void should_drop_a_batch_when_the_global_changes_database_does_not_exist() {
        // given
        GlobalChanges changes = start(GlobalChangesConfig.defaults());
        dbExists = false;
        changes.onEvent("db1", DbEvent.CREATED);
        time.advance(500);

        // when the database appears later
        dbExists = true;
        changes.onEvent("db2", DbEvent.CREATED);
        time.advance(500);

        // then only the later event is written: the first batch was dropped
        assertThat(writes).containsExactly("1000 [created:db2]");
        assertThat(changes.writer().writes()).isEqualTo(2);
    }

    @Test
    void should_give_the_same_batches_for_the_same_seed_and_write_every_event_within_both_delays() {
        // when
        List<String> first = simulate(42);
        List<String> again = simulate(42);
        List<String> other = simulate(43);

        // then
        assertThat(first).isNotEmpty().isEqualTo(again).isNotEqualTo(other);
    }

    /** Random events for 10 s of virtual time; checks each is written in time and returns the writes. */
    private List<String> simulate(long seed) {
        VirtualScheduler clock = new VirtualScheduler();
        TreeMap<Long, List<String>> written = new TreeMap<>();
        GlobalChangesConfig config = GlobalChangesConfig.defaults();
        GlobalChanges changes = new GlobalChanges(clock, ids -> {
            written.computeIfAbsent(clock.nowMillis(), t -> new ArrayList<>()).addAll(ids);
            return true;
        }, config);
        Random random = new Random(seed);
        List<Long> times = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            clock.advance(random.nextInt(60));
            DbEvent event = DbEvent.values()[random.nextInt(3)];
            String db = "db" + random.nextInt(8);
            changes.onEvent(db, event);
            times.add(clock.nowMillis());
            keys.add(event.type() + ":" + db);
        }
        clock.advance(config.maxEventDelayMillis() + config.maxWriteDelayMillis() + 1);
        for (int i = 0; i < times.size(); i++) {
            long at = times.get(i);
            String key = keys.get(i);
            // Every event is written after it happened, and no later than one batch delay plus one write period.
            assertThat(written.subMap(at, true, at + config.maxEventDelayMillis() + config.maxWriteDelayMillis(),
                    true).values()).as(key + " at " + at).anySatisfy(ids -> assertThat(ids).contains(key));
        }
        assertThat(written.values().stream().flatMap(List::stream)).allSatisfy(id -> assertThat(keys).contains(id));
        List<String> history = new ArrayList<>();
        written.forEach((at, ids) -> history.add(at + " " + ids));
        return history;
    }
}
