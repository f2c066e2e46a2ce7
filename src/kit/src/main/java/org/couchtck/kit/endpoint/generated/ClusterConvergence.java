package org.couchtck.kit.endpoint.generated;

import java.time.Duration;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;

/**
 * Waits for a cluster's copies of a database to agree before a generated case reads what they share only eventually
 * (a view, the final {@code _changes} feeds): a write returns once {@code w} copies have it, and such a read is
 * served by one copy, which may not have it yet (fabric_view). A check is asked again until it holds in as many
 * answers in a row as the database has copies, every 200 ms, within 20 s; then the case reads and judges as on one
 * node. When the bound passes first, the case judges what it then reads: a cluster that never agrees fails there.
 */
final class ClusterConvergence {

    static final Duration BOUND = Duration.ofSeconds(20);
    private static final long EVERY_MILLIS = 200;

    /** A check of one answer of the endpoint. */
    @FunctionalInterface
    interface Check {
        boolean holds() throws InterruptedException;
    }

    private ClusterConvergence() {}

    /**
     * Asks {@code check} until it holds {@code copies} times in a row, or {@link #BOUND} passed; says which in
     * {@code transcript} ("the 3 copies show {@code what}"). Nothing to wait for with one copy.
     *
     * @return whether the copies came to agree
     */
    static boolean await(int copies, String what, Check check, Transcript transcript) throws InterruptedException {
        if (copies <= 1) {
            return true;
        }
        long started = System.nanoTime();
        long deadline = started + BOUND.toNanos();
        int inARow = 0;
        int asked = 0;
        while (true) {
            asked++;
            inARow = check.holds() ? inARow + 1 : 0;
            if (inARow >= copies) {
                transcript.add(Direction.EVENT, "cluster: " + inARow + " answers in a row show " + what + ", after "
                        + asked + " asked in " + millisSince(started) + " ms");
                return true;
            }
            if (System.nanoTime() + EVERY_MILLIS * 1_000_000 > deadline) {
                transcript.add(Direction.EVENT, "cluster: the copies did not all show " + what + " within "
                        + BOUND.toMillis() + " ms (" + asked + " asked); the case judges what it reads now");
                return false;
            }
            Thread.sleep(EVERY_MILLIS);
        }
    }

    private static long millisSince(long started) {
        return (System.nanoTime() - started) / 1_000_000;
    }
}
