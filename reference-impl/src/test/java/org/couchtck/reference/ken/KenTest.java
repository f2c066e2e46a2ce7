package org.couchtck.reference.ken;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.couchtck.reference.time.VirtualScheduler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Ken's scheduling rules, one by one, in virtual time. */
class KenTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final VirtualScheduler time = new VirtualScheduler();
    private final FakeIndexHost host = new FakeIndexHost(time);
    private Ken ken;

    @AfterEach
    void stop() {
        if (ken != null) {
            ken.close();
        }
    }

    private Ken start(KenConfig config) {
        ken = new Ken(time, host, () -> config, new SplittableRandom(7));
        return ken;
    }

    private static KenConfig channels(int batch, int incremental, long maxIncrementalUpdates) {
        return new KenConfig(batch, incremental, maxIncrementalUpdates, 5000, 1, 60_000, Set.of());
    }

    /** {@code db} with one design document of views, written {@code n} times and reported once. */
    private void updated(String db, long n) {
        if (!host.exists(db)) {
            host.db(db, FakeIndexHost.views("_design/d"));
        }
        host.write(db, n);
        ken.dbUpdated(db);
    }

    /** Each build started: "time db target". */
    private List<String> started() {
        return host.builds.stream().map(b -> b.startedAt + " " + b.db + " " + b.target).toList();
    }

    private FakeIndexHost.Build buildOf(String db) {
        return host.inFlight().stream().filter(b -> b.db.equals(db)).findFirst().orElseThrow();
    }

    private static ObjectNode json(String text) throws Exception {
        return (ObjectNode) JSON.readTree(text);
    }

    @Test
    void should_look_at_an_updated_db_at_once_when_ken_is_idle() {
        // given
        start(KenConfig.defaults());

        // when
        updated("a", 10);
        time.runDue();

        // then no delay: the look and the build up to the db's sequence happen at the same instant
        assertThat(host.looks).containsExactly("0 a");
        assertThat(started()).containsExactly("0 a 10");
    }

    @Test
    void should_run_no_more_builds_than_all_channels_when_many_dbs_wait() {
        // given 2 batch and 2 incremental channels, and six dbs a little behind
        start(channels(2, 2, 1000));

        // when all are updated
        for (String db : List.of("a", "b", "c", "d", "e", "f")) {
            updated(db, 5);
        }
        time.advance(1000);

        // then four build, e and f wait unlooked
        assertThat(started()).containsExactly("0 a 5", "0 b 5", "0 c 5", "0 d 5");
        assertThat(host.looks).containsExactly("0 a", "0 b", "0 c", "0 d");
        assertThat(ken.activeBuilds()).isEqualTo(4);

        // when one build ends, the next db takes its channel
        host.complete(buildOf("b"));
        time.advance(1000);

        // then
        assertThat(started()).endsWith("1000 e 5");
        assertThat(host.looks).hasSize(5);
        assertThat(host.maxRunning).isEqualTo(4);
    }

    @Test
    void should_keep_far_behind_indexes_out_of_the_incremental_channels() {
        // given 2 batch channels taken by far-behind indexes
        start(channels(2, 2, 1000));
        updated("a", 5000);
        updated("b", 5000);
        time.runDue();

        // when more dbs come: far behind, just under the threshold, and exactly at it
        updated("c", 5000);
        updated("d", 999);
        updated("e", 1000);
        time.advance(1000);

        // then only d, less than max_incremental_updates behind, takes an incremental channel
        assertThat(started()).containsExactly("0 a 5000", "0 b 5000", "0 d 999");
        assertThat(host.looks).contains("0 c", "0 e");

        // and c comes back 60 s later, still behind, still waiting for a batch channel
        time.advance(60_000);
        assertThat(host.looks).contains("60000 c", "60000 e");
        assertThat(started()).hasSize(3);
    }

    @Test
    void should_queue_a_db_once_when_it_is_reported_twice() {
        // given the only channel busy
        start(channels(1, 0, 1000));
        updated("x", 10);
        time.runDue();

        // when y is reported three times while it waits
        updated("y", 1);
        updated("y", 1);
        time.advance(100);
        updated("y", 1);
        time.advance(100);
        host.complete(buildOf("x"));
        time.advance(1000);

        // then y is looked at once, and built to its latest sequence
        assertThat(host.looks).containsExactly("0 x", "200 y");
        assertThat(started()).containsExactly("0 x 10", "200 y 3");
    }

    @Test
    void should_look_again_60_s_later_when_the_index_is_still_building() {
        // given the build of a just-saved ddoc running (recorded: bulk_write caught up after ~61 s)
        start(KenConfig.defaults());
        updated("a", 1);
        time.advance(13);

        // when 200 docs are written while it builds, then it ends, then more writes
        updated("a", 200);
        time.advance(17);
        host.complete(buildOf("a"));
        time.advance(1000);
        updated("a", 5);
        time.advance(70_000);

        // then the look at 13 ms met a running build: the next look is 60 s later, updates meanwhile are skipped
        assertThat(host.looks).containsExactly("0 a", "13 a", "60013 a");
        assertThat(started()).containsExactly("0 a 1", "60013 a 206");
    }

    @Test
    void should_look_again_5_s_after_a_build_crashes() {
        // given
        start(KenConfig.defaults());
        updated("a", 10);
        time.advance(50);

        // when the build crashes
        host.crash(buildOf("a"));
        time.advance(10_000);

        // then
        assertThat(host.looks).containsExactly("0 a", "5050 a");
        assertThat(started()).containsExactly("0 a 10", "5050 a 10");
    }

    @Test
    void should_look_again_5_s_after_a_look_crashes() {
        // given a host whose db vanished between listing its ddocs and reading its sequence
        start(KenConfig.defaults());
        host.db("a", FakeIndexHost.views("_design/d"));
        host.write("a", 1);
        IndexHost broken = new IndexHost() {
            public List<DesignDoc> designDocs(String db) { return host.designDocs(db); }
            public long updateSeq(String db) { throw new IllegalStateException("gone"); }
            public long indexedSeq(String db, String ddocId) { return 0; }
            public boolean languageSupported(String language) { return true; }
            public IndexBuild startBuild(String db, String ddocId, long seq, BuildListener l) {
                throw new AssertionError("no build");
            }
        };
        ken.close();
        ken = new Ken(time, broken, KenConfig.defaults());

        // when
        ken.dbUpdated("a");
        time.advance(6000);

        // then
        assertThat(host.looks).containsExactly("0 a", "5000 a");
    }

    @Test
    void should_rebuild_at_once_when_the_db_moved_since_the_last_build() {
        // given an index built at 0
        start(KenConfig.defaults());
        updated("a", 10);
        time.advance(10);
        host.complete(buildOf("a"));
        time.advance(990);

        // when one more update within the delay
        updated("a", 1);
        time.runDue();

        // then batch_size (1) update is enough: a batch channel is free
        assertThat(started()).containsExactly("0 a 10", "1000 a 11");
    }

    @Test
    void should_not_rebuild_an_unchanged_index_within_the_delay() {
        // given an index built at 0
        start(KenConfig.defaults());
        updated("a", 10);
        time.advance(10);
        host.complete(buildOf("a"));
        time.advance(990);

        // when the db is reported again without having moved
        ken.dbUpdated("a");
        time.advance(70_000);

        // then the look at 1000 starts nothing and comes back after 60 s, when the delay is long past
        assertThat(host.looks).containsExactly("0 a", "1000 a", "61000 a");
        assertThat(started()).containsExactly("0 a 10", "61000 a 10");
    }

    @Test
    void should_keep_a_recently_built_index_out_of_the_incremental_channels_until_the_delay_passed() {
        // given a built at 0, then x taking the only batch channel
        start(channels(1, 1, 1000));
        updated("a", 10);
        time.advance(10);
        host.complete(buildOf("a"));
        time.advance(10);
        updated("x", 5000);
        time.advance(980);

        // when a moves by one at 1000, within the delay of its last build
        updated("a", 1);
        time.advance(70_000);

        // then only the incremental channel is free, which a recently built index may not take before the delay
        assertThat(started()).containsExactly("0 a 10", "20 x 5000", "61000 a 11");
    }

    @Test
    void should_judge_a_forgotten_job_by_how_far_its_index_is_behind() {
        // given a's last build went to 5 but its index stayed at 0; x holds the only batch channel
        start(channels(1, 1, 10));
        updated("a", 5);
        time.advance(10);
        host.endWithoutProgress(buildOf("a"));
        updated("x", 100);
        time.advance(20_000);

        // when a moves to 12: 7 after its last build's target, but 12 behind in its index
        updated("a", 7);
        time.advance(1000);

        // then the pruned job no longer counts: 12 behind is too far for the incremental channel
        assertThat(started()).containsExactly("0 a 5", "10 x 100");
        assertThat(host.looks).contains("20010 a");
    }

    @Test
    void should_leave_design_docs_with_autoupdate_false_alone() throws Exception {
        // given
        start(KenConfig.defaults());
        String view = "\"views\": {\"v\": {\"map\": \"function(doc) { emit(doc._id, null); }\"}}";
        host.db("a",
                DesignDoc.of("_design/off", json("{\"autoupdate\": false, " + view + "}")),
                DesignDoc.of("_design/views-off", json("{\"autoupdate\": {\"views\": false}, " + view + "}")),
                DesignDoc.of("_design/search-off", json("{\"autoupdate\": {\"indexes\": false}, " + view + "}")),
                DesignDoc.of("_design/string", json("{\"autoupdate\": \"false\", " + view + "}")));

        // when
        host.write("a", 200);
        ken.dbUpdated("a");
        time.advance(600_000);

        // then only the two whose views may be built are, and ken does not come back for the others
        assertThat(host.builds).extracting(b -> b.ddocId)
                .containsExactlyInAnyOrder("_design/search-off", "_design/string");
        assertThat(host.looks).containsExactly("0 a");
    }

    @Test
    void should_leave_a_design_doc_in_an_unknown_language_alone() {
        // given
        start(KenConfig.defaults());
        host.db("a", new DesignDoc("_design/cobol", "cobol", true, true),
                new DesignDoc("_design/mango", "query", true, true));

        // when
        host.write("a", 200);
        ken.dbUpdated("a");
        time.advance(600_000);

        // then
        assertThat(host.builds).extracting(b -> b.ddocId).containsExactly("_design/mango");
        assertThat(host.looks).containsExactly("0 a");
    }

    @Test
    void should_leave_a_design_doc_without_views_alone() throws Exception {
        // given
        start(KenConfig.defaults());
        host.db("a", DesignDoc.of("_design/auth", json("{\"validate_doc_update\": \"function() {}\"}")),
                DesignDoc.of("_design/reduce-only", json("{\"views\": {\"v\": {\"reduce\": \"_count\"}}}")));

        // when
        host.write("a", 3);
        ken.dbUpdated("a");
        time.advance(600_000);

        // then
        assertThat(host.builds).isEmpty();
    }

    @Test
    void should_never_look_at_an_ignored_db() {
        // given [ken.ignore] skip = true, kept = false
        start(KenConfig.fromConfig(Map.of(), Map.of("skip", "true", "kept", "false")));

        // when
        updated("skip", 10);
        updated("kept", 10);
        time.advance(600_000);

        // then
        assertThat(host.looks).containsExactly("0 kept");
        assertThat(started()).containsExactly("0 kept 10");
    }

    @Test
    void should_drop_the_queued_look_of_a_deleted_db() {
        // given y waiting for the only channel
        start(channels(1, 0, 1000));
        updated("x", 10);
        updated("y", 10);
        time.advance(100);

        // when y is deleted, then the channel frees
        host.delete("y");
        ken.dbDeleted("y");
        time.advance(100);
        host.complete(buildOf("x"));
        time.advance(600_000);

        // then y was never looked at
        assertThat(host.looks).containsExactly("0 x");
    }

    @Test
    void should_cancel_the_build_of_a_deleted_db_and_free_its_channel_when_it_reports() {
        // given a building in the only channel, b waiting
        start(channels(1, 0, 1000));
        updated("a", 10);
        updated("b", 10);
        time.advance(100);

        // when a is deleted
        host.delete("a");
        ken.dbDeleted("a");
        time.advance(100);

        // then its build is cancelled but still fills the channel
        assertThat(host.builds.get(0).cancelled).isTrue();
        assertThat(ken.activeBuilds()).isEqualTo(1);
        assertThat(started()).containsExactly("0 a 10");

        // when the cancelled build reports a crash
        host.crash(host.builds.get(0));
        time.advance(600_000);

        // then b gets the channel and a is not resubmitted
        assertThat(started()).containsExactly("0 a 10", "200 b 10");
        assertThat(host.looks).containsExactly("0 a", "200 b");
    }

    @Test
    void should_build_when_a_design_doc_is_written_after_the_docs() {
        // given 200 docs and no design document (recorded: ddoc_after_docs)
        start(KenConfig.defaults());
        host.db("a");
        host.write("a", 200);
        ken.dbUpdated("a");
        time.advance(1953);
        assertThat(host.builds).isEmpty();

        // when the design document is saved: an update and a ddoc_updated event
        host.replaceDdoc("a", FakeIndexHost.views("_design/d"));
        ken.dbUpdated("a");
        ken.ddocUpdated("a", "_design/d");
        time.runDue();

        // then its index is built at once, over all 201 changes
        assertThat(started()).containsExactly("1953 a 201");
    }

    @Test
    void should_start_nothing_more_when_closed() {
        // given
        start(KenConfig.defaults());
        updated("a", 10);
        time.runDue();

        // when
        ken.close();
        updated("b", 10);
        time.advance(600_000);

        // then
        assertThat(host.builds.get(0).cancelled).isTrue();
        assertThat(host.looks).containsExactly("0 a");
    }
}
