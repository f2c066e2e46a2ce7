/**
 * Seeded generation and shrinking, the engine behind the kit's property-based suites. Every generated value is a
 * function of a {@link org.couchtck.kit.generate.Choices} sequence: drawn from a seeded random source the first time,
 * replayed afterwards, and minimised by the {@link org.couchtck.kit.generate.Shrinker} — so documents, functions and
 * whole protocol sessions all shrink by the same mechanism. Generators here build JSON documents, map and reduce
 * functions (a language-neutral tree rendered by a {@link org.couchtck.kit.generate.FunctionRenderer}: JavaScript
 * and Python) and CouchDB-like sessions, written both in the target's language and in JavaScript for the oracle; {@link org.couchtck.kit.generate.PropertyRunner} runs a property under a budget.
 */
package org.couchtck.kit.generate;
