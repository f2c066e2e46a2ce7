package org.couchtck.kit.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.report.TestRuns.aCase;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.couchtck.kit.check.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ProgressBarTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    @Test
    void should_redraw_one_line_with_counts_when_cases_finish() {
        // given
        ProgressBar bar = ProgressBar.forStream(out, true);

        // when
        bar.start(4);
        bar.caseFinished(aCase("qs.map_doc.a").build());
        bar.caseFinished(aCase("qs.reduce.b").verdict(Verdict.FAIL).build());

        // then
        String text = printed();
        assertThat(text).doesNotContain("\n").startsWith("\r[");
        assertThat(bar.line()).isEqualTo("[" + "#".repeat(12) + "-".repeat(12) + "] 2/4  reduce  fail 1  error 0");
        assertThat(text.substring(text.lastIndexOf('\r') + 1).stripTrailing()).isEqualTo(bar.line());
    }

    @Test
    void should_pad_over_a_longer_previous_line_and_clear_on_finish() {
        // given
        ProgressBar bar = ProgressBar.forStream(out, true);
        bar.start(2);
        bar.caseFinished(aCase("qs.a_very_long_section_name.x").build());
        int longWidth = bar.line().length();

        // when
        bar.caseFinished(aCase("qs.short.y").verdict(Verdict.ERROR).build());
        bar.finish();

        // then
        String text = printed();
        String[] frames = text.split("\r", -1);
        assertThat(frames[3]).hasSize(longWidth).startsWith("[" + "#".repeat(24) + "] 2/2  short  fail 0  error 1");
        assertThat(frames).hasSize(6);
        assertThat(frames[4]).isBlank().hasSize(frames[3].stripTrailing().length());
        assertThat(frames[5]).isEmpty();
    }

    @Test
    void should_print_nothing_when_not_interactive() {
        // given
        ProgressBar bar = ProgressBar.forStream(out, false);

        // when
        bar.start(3);
        bar.caseFinished(aCase("qs.map_doc.a").verdict(Verdict.FAIL).build());
        bar.finish();

        // then
        assertThat(bytes.size()).isZero();
    }

    @Test
    void should_print_a_plain_line_now_and_then_into_a_log() {
        // given: a clock the test moves
        long[] now = {0};
        ProgressBar bar = ProgressBar.forLog(out, java.time.Duration.ofSeconds(15), () -> now[0]);

        // when: a case at 5 s, one at 16 s, one at 20 s, one at 31 s
        bar.start(4);
        now[0] = 5_000_000_000L;
        bar.caseFinished(aCase("qs.map_doc.a").build());
        now[0] = 16_000_000_000L;
        bar.caseFinished(aCase("qs.map_doc.b").verdict(Verdict.FAIL).build());
        now[0] = 20_000_000_000L;
        bar.caseFinished(aCase("qs.reduce.c").verdict(Verdict.ERROR).build());
        now[0] = 31_000_000_000L;
        bar.caseFinished(aCase("qs.reduce.d").build());
        bar.finish();

        // then: two lines, no carriage return
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("couchtck: 2 of 4 cases done (qs.map_doc), 1 failed, 0 errors, 16 s"
                + System.lineSeparator() + "couchtck: 4 of 4 cases done (qs.reduce), 1 failed, 1 errors, 31 s"
                + System.lineSeparator());
    }

    @Test
    @Timeout(30)
    void should_count_every_case_when_finished_from_many_threads() throws Exception {
        // given
        ProgressBar bar = ProgressBar.forStream(out, true);
        bar.start(400);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            // when
            List<Future<?>> tasks = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                tasks.add(pool.submit(() -> {
                    for (int i = 0; i < 100; i++) {
                        bar.caseFinished(aCase("qs.map_doc.c" + i).verdict(i % 10 == 0 ? Verdict.FAIL : Verdict.PASS)
                                .build());
                    }
                }));
            }
            for (Future<?> task : tasks) {
                task.get(20, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        // then
        assertThat(bar.line()).endsWith("] 400/400  map_doc  fail 40  error 0");
    }

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
