package org.couchtck.kit.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.couchtck.kit.cases.Level;
import org.junit.jupiter.api.Test;

class SlowJudgementTest {

    @Test
    void onlyVerdictsOfABoundThatRanOutAreJudgedAgain() {
        assertThat(SlowJudgement.ranOutOfTime(result(Verdict.FAIL, "step 1 (GET /x): no reply: no response within "
                + "10000 ms"))).isTrue();
        assertThat(SlowJudgement.ranOutOfTime(result(Verdict.ERROR, "no reply within 5000 ms after 2 replies")))
                .isTrue();
        assertThat(SlowJudgement.ranOutOfTime(result(Verdict.FAIL, "status: expected 201, got 409"))).isFalse();
        assertThat(SlowJudgement.ranOutOfTime(result(Verdict.PASS, "no reply within 5 ms"))).isFalse();
        assertThat(SlowJudgement.ranOutOfTime(result(Verdict.ERROR, "not run: the endpoint is gone (no response "
                + "within 10000 ms)"))).isFalse();
    }

    @Test
    void aProcessThatDidNotExitWithinItsBoundRanOutOfTimeToo() {
        assertThat(SlowJudgement.ranOutOfTime(result(Verdict.FAIL, "still running 3000 ms after its standard input "
                + "closed; the kit killed it"))).isTrue();
        assertThat(SlowJudgement.ranOutOfTime(result(Verdict.FAIL, "step 2: the server did not exit on its own "
                + "within 5000 ms; the kit killed it"))).isTrue();
        assertThat(SlowJudgement.ranOutOfTime(result(Verdict.FAIL, "exited with status 1 40 ms after its standard "
                + "input closed"))).isFalse();
    }

    @Test
    void aPassWithLargerBoundsIsSlowAndSaysWhatItTook() {
        CaseResult first = result(Verdict.FAIL, "no reply within 5000 ms");
        CaseResult again = new CaseResult("qs.x.y", "x", Level.MUST, "", "", Verdict.PASS, "", "", "", -1, List.of(),
                OptionalLong.empty(), Duration.ofMillis(7300), "");

        CaseResult judged = SlowJudgement.combine(first, again);

        assertThat(judged.slow()).isTrue();
        assertThat(judged.message()).isEqualTo("slow here: it passed only when judged again alone with 4× its "
                + "bounds (it took 7300 ms); beside the other cases: no reply within 5000 ms");
    }

    private static CaseResult result(Verdict verdict, String message) {
        return new CaseResult("qs.x.y", "x", Level.MUST, "", "", verdict, message, "", "", 0, List.of(),
                OptionalLong.empty(), Duration.ZERO, "");
    }
}
