/**
 * Targets the kit runs cases against. {@link org.couchtck.kit.process.StdioServer} supervises a query server process
 * the way CouchDB's {@code couch_os_process} does: one request line, then log lines and exactly one reply line, under
 * a timeout, with the whole process tree killed when the server cannot be trusted any more.
 */
package org.couchtck.kit.process;
