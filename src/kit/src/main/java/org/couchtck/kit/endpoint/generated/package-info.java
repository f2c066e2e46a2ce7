/**
 * The generated feed suites of the HTTP half ({@code http.generated-feeds.*}): seeded random workloads against an
 * endpoint, judged as properties, shrunk on failure with the kit's generation engine ({@code org.couchtck.kit.generate}).
 *
 * <ul>
 *   <li>{@link org.couchtck.kit.endpoint.generated.FeedWorkload}: what a seed generates, the operations of up to three
 *       concurrent writers (create, update, delete, a conflicting branch through {@code _bulk_docs} with
 *       {@code new_edits: false}, create and delete an extra database) and the seqs to resume from afterwards.</li>
 *   <li>{@code WorkloadRunner}: runs one workload in a database of its own, with a continuous, an eventsource, a
 *       longpoll-loop and a polling {@code _changes} reader and a continuous {@code /_db_updates} reader alongside;
 *       every document's states are known from its writer's replies.</li>
 *   <li>{@code FeedJudge}: the four properties (no lost writes; a continuous feed never skips, repeats or reorders;
 *       resuming from any seq misses nothing; {@code /_db_updates} reports every created and deleted database).</li>
 *   <li>{@link org.couchtck.kit.endpoint.generated.FeedSuiteRunner}: one generated case as a {@code CaseResult}, with
 *       the seed, the shrunk workload and the {@code couchtck replay} line.</li>
 * </ul>
 */
package org.couchtck.kit.endpoint.generated;
