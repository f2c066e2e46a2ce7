package org.couchtck.kit.endpoint;

import java.io.IOException;
import java.util.List;
import org.couchtck.kit.wire.Transcript;

/**
 * What the kit knows of the life of the endpoint a run talks to: when it went away ({@link Outage}s, counted), whether
 * it is back, and, for an endpoint the kit launched, its output while a case runs. A request that failed at the
 * connection (refused, closed, no reply, a body broken off) is told to the watch before its failure is judged, so that
 * a case whose endpoint went down under it is never judged by what the outage did to it.
 */
public interface EndpointWatch {

    /** The outages so far; a case during whose run this grew was disturbed by one. */
    long outageCount();

    /** The outages numbered above {@code count} (as {@link #outageCount()} said before), in order. */
    List<Outage> outagesAfter(long count);

    /**
     * Told on the thread that saw it, before the failure is judged: {@code request} failed as {@code failure} says
     * ({@code null}: no response head came within the bound). Returns once the watch judged whether the endpoint went
     * away (it may probe it); an outage it finds is counted before this returns.
     */
    void requestFailed(String request, IOException failure);

    /**
     * Waits while the endpoint is away (being restarted, or probed until it is back).
     *
     * @return true once it is up; false when it is gone for good ({@link #goneBecause()} says why)
     */
    boolean awaitUp() throws InterruptedException;

    /** Why the endpoint is gone for good, once {@link #awaitUp()} said so. */
    String goneBecause();

    /** Shows the endpoint's own output (a launched one's log) in {@code transcript} until the returned handle closes. */
    AutoCloseable showOutputTo(Transcript transcript);

    /** An endpoint that never goes away (the reference in the kit's own JVM). */
    EndpointWatch NONE = new EndpointWatch() {
        @Override
        public long outageCount() {
            return 0;
        }

        @Override
        public List<Outage> outagesAfter(long count) {
            return List.of();
        }

        @Override
        public void requestFailed(String request, IOException failure) {
        }

        @Override
        public boolean awaitUp() {
            return true;
        }

        @Override
        public String goneBecause() {
            return "";
        }

        @Override
        public AutoCloseable showOutputTo(Transcript transcript) {
            return () -> { };
        }
    };
}
