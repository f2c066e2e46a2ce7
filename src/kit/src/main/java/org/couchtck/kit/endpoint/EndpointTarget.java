package org.couchtck.kit.endpoint;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * What the {@link HttpCaseExecutor} talks to: a CouchDB-compatible server over HTTP ({@link HttpEndpoint}), or a
 * stand-in that replays recorded exchanges through the same executor.
 */
public interface EndpointTarget {

    /** Where the server is: scheme, host, port and any path prefix, without credentials. */
    URI baseUri();

    /** The admin's name and password, sent for steps whose auth is {@code admin} (or, wrong, {@code bad}). */
    Optional<Credentials> adminCredentials();

    /**
     * Opens {@code call} as a stream: the head and the body are read as they come ({@link FeedConnection}). Never
     * blocks for the server; connection problems surface from {@link FeedConnection#awaitHead}.
     */
    FeedConnection open(HttpCall call);

    /**
     * A request without a body, sent as the admin when the target has one, with {@code Accept: application/json}: what
     * the kit sends for itself (creating and deleting a case's databases, probing, cleaning up).
     */
    default HttpCall adminCall(String method, String path, Duration timeout) {
        List<HttpCall.Header> headers = new ArrayList<>();
        headers.add(new HttpCall.Header("Accept", "application/json"));
        adminCredentials().ifPresent(c -> headers.add(new HttpCall.Header("Authorization", c.basicAuthorization())));
        return new HttpCall(method, path, headers, Optional.empty(), timeout);
    }

    /**
     * Sends {@code call} and reads the whole reply, all within {@code call.timeout()}. A body that did not end in time,
     * broke off or is too big is returned as far as it came, with {@link HttpReply#incomplete()} saying why.
     *
     * @throws EndpointUnreachableException when no connection could be made
     * @throws NoReplyException when no response head came in time, or the server closed the connection before one
     * @throws InterruptedException when the calling thread is interrupted
     */
    default HttpReply send(HttpCall call) throws IOException, InterruptedException {
        return send(call, head -> false);
    }

    /**
     * As {@link #send(HttpCall)}, but the body of a reply whose head {@code wrong} refuses is read for a second at
     * most: the caller judges such a reply by its head, and a server that streams on after it is not waited for.
     */
    default HttpReply send(HttpCall call, Predicate<ResponseHead> wrong) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(call.timeout());
        try (FeedConnection connection = open(call)) {
            return WholeReply.read(connection, deadline, call.timeout(), wrong);
        }
    }
}
