/**
 * The reference's log: messages at couch_log's levels go to a {@link org.couchtck.reference.log.CouchLog}; a running
 * endpoint passes those at or above {@code [log] level} ({@link org.couchtck.reference.log.ThresholdLog}) to standard
 * error in CouchDB's line format ({@link org.couchtck.reference.log.StderrLog}), and a test gives a sink of its own.
 */
package org.couchtck.reference.log;
