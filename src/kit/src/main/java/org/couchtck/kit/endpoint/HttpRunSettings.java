package org.couchtck.kit.endpoint;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.couchtck.kit.cases.TargetProfile;

/**
 * How an {@link HttpCaseExecutor} runs cases.
 *
 * @param runId part of every database name ({@code couchtck-<runId>-<n>-<name>}): lowercase {@code [a-z0-9_-]},
 *     so that the names stay legal CouchDB names and runs on a shared server never collide
 * @param requestTimeout the bound on one request and its whole reply
 * @param feedBound how long a feed is read when its step gives no {@code until.within}
 * @param profile when present, cases whose capabilities the target lacks are NA
 * @param externals what the Externals API cases find around the endpoint; cases that need a feature it lacks are NA
 * @param watch what the run knows of the endpoint's life; its output is shown in each case's transcript
 * @param shape what the endpoint is (a cluster's reads are sent again until its copies caught up); cases that need
 *     what it lacks are NA
 */
public record HttpRunSettings(String runId, Duration requestTimeout, Duration feedBound,
        Optional<TargetProfile> profile, Externals externals, EndpointWatch watch, EndpointShape shape) {

    /** What {@link #of} says of the Externals API: a run only has it when told. */
    static final String NO_EXTERNALS = "the run set up nothing of the Externals API";

    private static final Pattern RUN_ID = Pattern.compile("[a-z0-9][a-z0-9_-]*");

    public HttpRunSettings {
        Objects.requireNonNull(runId, "runId");
        if (!RUN_ID.matcher(runId).matches()) {
            throw new IllegalArgumentException("a run id in database names is lowercase [a-z0-9][a-z0-9_-]*, got '"
                    + runId + "'");
        }
        requirePositive(requestTimeout, "requestTimeout");
        requirePositive(feedBound, "feedBound");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(externals, "externals");
        Objects.requireNonNull(watch, "watch");
        Objects.requireNonNull(shape, "shape");
    }

    /**
     * Settings with {@code runId}, 10 s per request, 10 s per feed, no capability checks, nothing of the Externals
     * API, and a single node.
     */
    public static HttpRunSettings of(String runId) {
        return new HttpRunSettings(runId, Duration.ofSeconds(10), Duration.ofSeconds(10), Optional.empty(),
                Externals.none(NO_EXTERNALS), EndpointWatch.NONE, EndpointShape.SINGLE_NODE);
    }

    /** These settings with another request timeout. */
    public HttpRunSettings withRequestTimeout(Duration timeout) {
        return new HttpRunSettings(runId, timeout, feedBound, profile, externals, watch, shape);
    }

    /** These settings with another feed bound. */
    public HttpRunSettings withFeedBound(Duration bound) {
        return new HttpRunSettings(runId, requestTimeout, bound, profile, externals, watch, shape);
    }

    /** These settings checking capabilities against {@code target}. */
    public HttpRunSettings withProfile(TargetProfile target) {
        return new HttpRunSettings(runId, requestTimeout, feedBound, Optional.of(target), externals, watch, shape);
    }

    /** These settings with {@code found} around the endpoint. */
    public HttpRunSettings withExternals(Externals found) {
        return new HttpRunSettings(runId, requestTimeout, feedBound, profile, found, watch, shape);
    }

    /** These settings with the endpoint's {@code life} watched. */
    public HttpRunSettings withWatch(EndpointWatch life) {
        return new HttpRunSettings(runId, requestTimeout, feedBound, profile, externals, life, shape);
    }

    /** These settings for an endpoint that is {@code endpoint}. */
    public HttpRunSettings withShape(EndpointShape endpoint) {
        return new HttpRunSettings(runId, requestTimeout, feedBound, profile, externals, watch, endpoint);
    }

    private static void requirePositive(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, got " + duration);
        }
    }
}
