/**
 * The generated suites of the HTTP half ({@code http.generated-feeds.*}, {@code http.generated-views.*}): seeded
 * random examples against an endpoint, judged as properties, shrunk on failure with the kit's generation engine
 * ({@code org.couchtck.kit.generate}), all listed by {@link org.couchtck.kit.endpoint.generated.GeneratedHttpSuites}.
 *
 * <p>Shared by both: {@code GeneratedCaseRunner} (a property as a {@code CaseResult}: the seed, the shrunk example's
 * lines, the {@code couchtck replay} line; ERROR when the endpoint could not be used, {@code EndpointUnavailable}),
 * {@code Requests} (one bounded, transcribed JSON request as the admin) and {@code GeneratedCases} (a suite's cases:
 * their descriptors, found by id).
 *
 * <p>Feeds:
 * <ul>
 *   <li>{@link org.couchtck.kit.endpoint.generated.FeedWorkload}: what a seed generates, the operations of up to three
 *       concurrent writers (create, update, delete, a conflicting branch through {@code _bulk_docs} with
 *       {@code new_edits: false}, create and delete an extra database) and the seqs to resume from afterwards.</li>
 *   <li>{@code WorkloadRunner}: runs one workload in a database of its own, with a continuous, an eventsource, a
 *       longpoll-loop and a polling {@code _changes} reader and a continuous {@code /_db_updates} reader alongside;
 *       every document's states are known from its writer's replies.</li>
 *   <li>{@code FeedJudge}: the four properties (no lost writes; a continuous feed never skips, repeats or reorders;
 *       resuming from any seq misses nothing; {@code /_db_updates} reports every created and deleted database).</li>
 *   <li>{@link org.couchtck.kit.endpoint.generated.FeedSuiteRunner}: runs a generated feed case.</li>
 * </ul>
 *
 * <p>Views ({@link org.couchtck.kit.endpoint.generated.ViewSuites}, run by
 * {@link org.couchtck.kit.endpoint.generated.ViewSuiteRunner}): each example in a database of its own
 * ({@code ViewDatabase}), its values JavaScript-stable ({@code ViewValues}); {@code CollationProperty} judges row
 * order against the reference's {@code ViewCollation.COUCHDB}, {@code ReductionProperty} reduce rows against the
 * reference's builtin reducers, {@code ApproxCountProperty} {@code _approx_count_distinct} against HyperLogLog's error
 * bound and the reference's exact estimate.
 */
package org.couchtck.kit.endpoint.generated;
