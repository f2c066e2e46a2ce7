/**
 * {@code couchtck bench}: drives any query server with generated documents and one function, lockstep (as CouchDB's
 * indexer does) and pipelined, measuring documents per second and per-message latency; pipes a whole map workload into
 * a server and times the process (wall, CPU, peak memory, start-up); and measures an HTTP endpoint's writes, feed
 * delivery and background indexing.
 */
package org.couchtck.kit.bench;
