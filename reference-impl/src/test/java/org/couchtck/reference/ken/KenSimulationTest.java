package org.couchtck.reference.ken;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import org.couchtck.reference.time.VirtualScheduler;
import org.junit.jupiter.api.Test;

/**
 * A day of random database traffic through ken in virtual time (milliseconds of real time): writes in bursts,
 * design documents replaced by eligible and excluded versions, databases created and deleted, builds of random
 * length that sometimes crash. The same seed gives the same history.
 */
class KenSimulationTest {

    private static final long DAY = 86_400_000L;
    private static final int EVENTS = 6000;
    private static final KenConfig CONFIG = new KenConfig(2, 3, 50, 5000, 1, 60_000,
            Set.of("ignored-0", "ignored-1"));

    /** The design document versions the traffic picks from, eligible ones more often. */
    private static final List<DesignDoc> VERSIONS = List.of(
            new DesignDoc("_design/a", "javascript", true, true),
            new DesignDoc("_design/a", "query", true, true),
            new DesignDoc("_design/a", "javascript", false, true),
            new DesignDoc("_design/b", "javascript", true, true),
            new DesignDoc("_design/b", "cobol", true, true),
            new DesignDoc("_design/b", "javascript", true, false),
            new DesignDoc("_design/c", "javascript", true, true),
            new DesignDoc("_design/c", "javascript", true, true));

    /** Everything that happened, in order, and what the invariants saw. */
    private record Run(List<String> history, int maxRunning, int buildsStarted) {}

    @Test
    void should_keep_every_rule_over_a_day_of_random_events_when_seeded() {
        for (long seed : new long[] {1, 2, 3}) {
            // given / when / then: simulate checks the invariants as it goes and at the end
            Run run = simulate(seed);

            // and the traffic did fill the incremental channels
            assertThat(run.maxRunning()).as("seed %d", seed).isEqualTo(CONFIG.totalChannels());
            assertThat(run.buildsStarted()).as("seed %d", seed).isGreaterThan(1000);
        }
    }

    @Test
    void should_repeat_the_same_history_when_the_seed_is_the_same() {
        // when
        Run first = simulate(42);
        Run second = simulate(42);
        Run other = simulate(43);

        // then
        assertThat(second.history()).isEqualTo(first.history());
        assertThat(other.history()).isNotEqualTo(first.history());
    }

    private static boolean eligible(DesignDoc ddoc) {
        return ddoc.autoupdateViews() && ddoc.hasViews() && !"cobol".equals(ddoc.language());
    }

    private Run simulate(long seed) {
        Random random = new Random(seed);
        VirtualScheduler time = new VirtualScheduler();
        FakeIndexHost host = new FakeIndexHost(time);
        Ken ken = new Ken(time, host, () -> CONFIG, new SplittableRandom(seed));
        List<String> history = new ArrayList<>();
        List<String> dbs = new ArrayList<>();
        boolean[] quiet = {false};

        host.onStart = build -> {
            history.add(time.nowMillis() + " build " + build.db + " " + build.ddocId + " " + build.target);
            // never more builds than the channels; ken frees a channel only once it handled the build's report
            assertThat(ken.activeBuilds()).isLessThanOrEqualTo(CONFIG.totalChannels())
                    .isGreaterThanOrEqualTo(host.running);
            // never an excluded database or design document
            assertThat(CONFIG.ignores(build.db)).as("ignored %s", build.db).isFalse();
            assertThat(host.exists(build.db)).as("deleted %s", build.db).isTrue();
            assertThat(eligible(build.version)).as("excluded %s", build.version).isTrue();
            long length = 50 + Math.min(120_000, 20 * Math.max(0, build.target - host.indexedSeq(build.db,
                    build.ddocId))) * random.nextInt(1, 4) / 2;
            boolean crash = !quiet[0] && random.nextInt(20) == 0;
            time.schedule(length, () -> {
                if (crash) {
                    host.crash(build);
                } else {
                    host.complete(build);
                }
            });
        };

        for (int i = 0; i < 12; i++) {
            createDb(ken, host, dbs, i < 2 ? "ignored-" + i : "db-" + i, random);
        }
        int created = 12;
        for (int event = 0; event < EVENTS; event++) {
            long gap = random.nextInt(10) < 7 ? random.nextInt(200) : random.nextLong(2 * DAY / EVENTS * 3);
            time.advance(Math.min(gap, Math.max(0, DAY - time.nowMillis())));
            int kind = random.nextInt(100);
            String db = dbs.get(random.nextInt(dbs.size()));
            if (kind < 75) {
                long n = random.nextInt(10) == 0 ? random.nextInt(1, 500) : random.nextInt(1, 5);
                host.write(db, n);
                ken.dbUpdated(db);
            } else if (kind < 90) {
                DesignDoc version = VERSIONS.get(random.nextInt(VERSIONS.size()));
                host.replaceDdoc(db, version);
                ken.dbUpdated(db);
                ken.ddocUpdated(db, version.id());
            } else if (kind < 95) {
                ken.dbUpdated(db);
            } else if (kind < 98) {
                createDb(ken, host, dbs, "db-" + created++, random);
            } else if (dbs.size() > 4) {
                dbs.remove(db);
                host.delete(db);
                ken.dbDeleted(db);
                history.add(time.nowMillis() + " deleted " + db);
            }
        }

        // when the traffic stops and the builds stop crashing, an hour later
        time.advance(Math.max(0, DAY - time.nowMillis()));
        quiet[0] = true;
        time.advance(3_600_000);

        // then every eligible index of every database ken may look at caught up, and no other was built
        for (String db : dbs) {
            for (Map.Entry<String, DesignDoc> entry : host.ddocsOf(db).entrySet()) {
                long indexed = host.indexedSeq(db, entry.getKey());
                if (eligible(entry.getValue()) && !CONFIG.ignores(db)) {
                    assertThat(indexed).as("seed %d: %s %s", seed, db, entry.getKey())
                            .isEqualTo(host.updateSeq(db));
                } else {
                    assertThat(indexed).as("seed %d: %s %s", seed, db, entry.getKey()).isZero();
                }
            }
        }
        assertThat(ken.activeBuilds()).isZero();
        history.addAll(host.looks);
        ken.close();
        return new Run(history, host.maxRunning, host.builds.size());
    }

    private static void createDb(Ken ken, FakeIndexHost host, List<String> dbs, String db, Random random) {
        int count = random.nextInt(0, 3);
        DesignDoc[] ddocs = new DesignDoc[count];
        for (int i = 0; i < count; i++) {
            DesignDoc version = VERSIONS.get(random.nextInt(VERSIONS.size()));
            ddocs[i] = version;
        }
        // one version per id: a later one replaces an earlier one of the same id
        host.db(db, ddocs);
        host.write(db, host.ddocsOf(db).size());
        dbs.add(db);
        ken.dbUpdated(db);
    }
}
