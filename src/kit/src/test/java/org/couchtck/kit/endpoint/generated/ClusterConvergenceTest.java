package org.couchtck.kit.endpoint.generated;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.TranscriptEntry;
import org.junit.jupiter.api.Test;

class ClusterConvergenceTest {

    @Test
    void theCopiesAgreeWhenTheCheckHoldsAsOftenInARowAsThereAreCopies() throws Exception {
        // given: a check that fails once, holds, fails again, then holds from the fourth answer on
        AtomicInteger asked = new AtomicInteger();
        boolean[] answers = {false, true, false, true, true, true, true};
        Transcript transcript = new Transcript();

        // when
        boolean agreed = ClusterConvergence.await(3, "all 2 documents", () -> answers[asked.getAndIncrement()],
                transcript);

        // then
        assertThat(agreed).isTrue();
        assertThat(asked).hasValue(6);
        assertThat(transcript.entries()).extracting(TranscriptEntry::text).singleElement().asString()
                .startsWith("cluster: 3 answers in a row show all 2 documents, after 6 asked in ");
    }

    @Test
    void oneCopyHasNothingToWaitFor() throws Exception {
        // given
        AtomicInteger asked = new AtomicInteger();
        Transcript transcript = new Transcript();

        // when
        boolean agreed = ClusterConvergence.await(1, "anything", () -> asked.incrementAndGet() > 100, transcript);

        // then
        assertThat(agreed).isTrue();
        assertThat(asked).hasValue(0);
        assertThat(transcript.entries()).isEmpty();
    }
}
