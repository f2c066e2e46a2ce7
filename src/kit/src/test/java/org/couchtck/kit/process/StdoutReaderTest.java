package org.couchtck.kit.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.couchtck.kit.wire.Transcript;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class StdoutReaderTest {

    /** A pipe that says a byte is there, then blocks the read until released: the JDK's drain at a server's exit. */
    private static final class BlockingPipe extends InputStream {
        final CountDownLatch inRead = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public int available() {
            return 1;
        }

        @Override
        public int read() {
            return -1;
        }

        @Override
        public int read(byte[] bytes, int offset, int length) throws java.io.InterruptedIOException {
            inRead.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new java.io.InterruptedIOException();
            }
            bytes[offset] = '\n';
            return 1;
        }
    }

    @Test
    void a_read_counts_as_stuck_by_how_long_it_lasts_not_by_the_callers_deadline() throws Exception {
        // given: a caller whose deadline is a millisecond away, caught in a read
        BlockingPipe pipe = new BlockingPipe();
        StdoutReader reader = new StdoutReader(pipe, 1024, new OutputQueue(1 << 20), () -> true, Transcript::new);
        Thread caller = new Thread(() -> {
            try {
                reader.next(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        // times taken before the read starts and after it has: however slow this machine, the read began between them
        long beforeRead = System.nanoTime();
        caller.start();
        assertThat(pipe.inRead.await(30, TimeUnit.SECONDS)).isTrue();
        long now = System.nanoTime();

        // then: half a second past the caller's deadline is only a thread waiting for a CPU on a loaded machine
        assertThat(reader.stuckPast(beforeRead + TimeUnit.MILLISECONDS.toNanos(500))).isFalse();
        // and a read that lasts seconds is stuck
        assertThat(reader.stuckPast(now + TimeUnit.SECONDS.toNanos(3))).isTrue();

        // when the read ends, nothing is stuck
        pipe.release.countDown();
        caller.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(reader.stuckPast(System.nanoTime() + TimeUnit.SECONDS.toNanos(3))).isFalse();
    }
}
