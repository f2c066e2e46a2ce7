package org.couchtck.kit.endpoint;

import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.Locale;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.MessageConstraintException;
import org.apache.hc.core5.http.NoHttpResponseException;

/**
 * What a failed HTTP exchange means, in plain words: no connection at all ({@link EndpointUnreachableException}), or
 * a connection without a response ({@link NoReplyException}). Knows the failures of the kit's own connections and of
 * the JDK's HTTP client, which the benchmarks use.
 */
public final class HttpFailures {

    private HttpFailures() {
    }

    /**
     * {@code failure} as the kit reports it; {@code bound} is the wait for the response head, named when it passed.
     * Failures the kit already classified are returned as they are.
     */
    public static IOException classified(Throwable failure, Duration bound) {
        if (failure instanceof EndpointUnreachableException || failure instanceof NoReplyException) {
            return (IOException) failure;
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof HttpConnectTimeoutException) {
                return new EndpointUnreachableException("could not connect within " + bound.toMillis() + " ms",
                        failure);
            }
            if (t instanceof ConnectException || t instanceof NoRouteToHostException
                    || t instanceof UnknownHostException || t instanceof UnresolvedAddressException) {
                return new EndpointUnreachableException("could not connect: " + connectFailure(t), failure);
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof HttpTimeoutException) {
                return new NoReplyException("no response within " + bound.toMillis() + " ms", failure);
            }
            if (t instanceof java.net.ProtocolException || t instanceof HttpException
                    || t instanceof MessageConstraintException) {
                return new NoReplyException("not an HTTP response: " + describe(t), failure);
            }
            if (t instanceof NoHttpResponseException || t instanceof ConnectionClosedException) {
                return new NoReplyException("the connection closed before a response", failure);
            }
        }
        return new NoReplyException("the connection closed before a response: " + describe(failure), failure);
    }

    /** Why a connection could not be made, in lower case: "connection refused", "unknown host db.example". */
    private static String connectFailure(Throwable t) {
        if (t instanceof UnknownHostException || t instanceof UnresolvedAddressException) {
            return t.getMessage() == null ? "unknown host" : "unknown host " + t.getMessage();
        }
        // The JDK's client throws a ConnectException without a message when the connection is refused.
        String message = t.getMessage() == null || t.getMessage().isBlank() ? "connection refused" : t.getMessage();
        return message.substring(0, 1).toLowerCase(Locale.ROOT) + message.substring(1);
    }

    /** A throwable in a few words: its message, else its type. */
    public static String describe(Throwable t) {
        String message = t.getMessage();
        return message == null || message.isBlank() ? t.getClass().getSimpleName() : message;
    }
}
