package org.couchtck.kit.endpoint;

/** One step of an {@link HttpCase}: a request, or a feed held open while other requests run. */
public sealed interface HttpStep permits RequestStep, FeedStep {

    /** Position in the case, from 0 (for a step of a feed's {@code during}: position in that list). */
    int index();

    /** The request the step sends (the feed's request for a feed step). */
    RequestTemplate request();
}
