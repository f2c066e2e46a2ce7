/**
 * The reference CouchDB JavaScript query server: {@link
 * org.couchtck.reference.queryserver.QueryServer} answers protocol lines in process, {@link
 * org.couchtck.reference.queryserver.QueryServerMain} speaks the same protocol on stdin/stdout,
 * as couchjs does for CouchDB. Behaviour follows couchjs on SpiderMonkey ("couchjs-sm102").
 */
package org.couchtck.reference.queryserver;
