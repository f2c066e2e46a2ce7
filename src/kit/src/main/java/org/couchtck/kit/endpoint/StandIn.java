package org.couchtck.kit.endpoint;

import java.io.IOException;

/**
 * One of the kit's own stand-ins that a request step can send to instead of the endpoint ({@link Recipient}): it
 * answers a request whole, and a failure to answer is the kit's, never the endpoint's.
 */
@FunctionalInterface
public interface StandIn {

    /** Answers {@code call}, all within its timeout. */
    HttpReply send(HttpCall call) throws IOException, InterruptedException;
}
