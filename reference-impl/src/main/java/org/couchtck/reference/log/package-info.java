/**
 * The reference's log: messages at couch_log's levels go to a {@link org.couchtck.reference.log.CouchLog}, which a
 * running endpoint prints to standard error in CouchDB's line format ({@link org.couchtck.reference.log.StderrLog})
 * and a test replaces with a sink of its own.
 */
package org.couchtck.reference.log;
