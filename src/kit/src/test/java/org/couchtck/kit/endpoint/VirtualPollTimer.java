package org.couchtck.kit.endpoint;

/**
 * A virtual clock for polling steps: waiting moves it on at once, so a poll's bound costs no real time. A poll
 * against a recording makes as many attempts as the recorder did in the same time (it polled about as often as the
 * cases do); a poll against a server that never gets there gives up after its last attempt without waiting.
 */
final class VirtualPollTimer implements PollTimer {
    private long now;

    @Override
    public synchronized long millis() {
        return now;
    }

    @Override
    public synchronized void sleep(long millis) {
        now += millis;
    }
}
