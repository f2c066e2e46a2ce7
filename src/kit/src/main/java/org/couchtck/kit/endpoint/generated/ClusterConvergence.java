package org.couchtck.kit.endpoint.generated;

import java.time.Duration;
import org.couchtck.kit.endpoint.ClusterReads;
import org.couchtck.kit.endpoint.Poll;
import org.couchtck.kit.endpoint.PollTimer;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;

/**
 * Waits for a cluster's copies of a database to agree before a generated case reads what they share only eventually
 * (a view, the final {@code _changes} feeds): a write returns once {@code w} copies have it, and such a read is
 * served by one copy, which may not have it yet (fabric_view). A check is asked again until it holds in as many
 * answers in a row as the database has copies, at the pace of every other read sent again on a cluster
 * ({@link ClusterReads#POLL}: every 200 ms, within 20 s); then the case reads and judges as on one node. When the bound passes first, the case judges what it then reads: a cluster that never agrees fails there.
 */
final class ClusterConvergence {

    private static final Poll PACE = ClusterReads.POLL;
    static final Duration BOUND = Duration.ofMillis(PACE.withinMillis());

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
        return await(copies, what, check, transcript, PollTimer.SYSTEM);
    }

    /** {@link #await(int, String, Check, Transcript)} by {@code timer}'s clock. */
    static boolean await(int copies, String what, Check check, Transcript transcript, PollTimer timer)
            throws InterruptedException {
        if (copies <= 1) {
            return true;
        }
        long started = timer.millis();
        long deadline = started + PACE.withinMillis();
        int inARow = 0;
        int asked = 0;
        while (true) {
            asked++;
            inARow = check.holds() ? inARow + 1 : 0;
            if (inARow >= copies) {
                transcript.add(Direction.EVENT, "cluster: " + inARow + " answers in a row show " + what + ", after "
                        + asked + " asked in " + (timer.millis() - started) + " ms");
                return true;
            }
            if (timer.millis() + PACE.everyMillis() > deadline) {
                transcript.add(Direction.EVENT, "cluster: the copies did not all show " + what + " within "
                        + BOUND.toMillis() + " ms (" + asked + " asked); the case judges what it reads now");
                return false;
            }
            timer.sleep(PACE.everyMillis());
        }
    }
}
