/**
 * {@code couchtck bench}: drives any query server with generated documents and one map function, lockstep (as
 * CouchDB's indexer does) and pipelined, and measures documents per second and per-message latency.
 */
package org.couchtck.kit.bench;
