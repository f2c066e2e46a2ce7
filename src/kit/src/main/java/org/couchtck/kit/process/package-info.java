/**
 * The processes the kit starts and answers for. {@link org.couchtck.kit.process.SupervisedProcess} is the one piece
 * that supervises any of them (query servers, OS daemons, {@code _external} handlers, launched HTTP endpoints): it
 * starts the command, tells its output lines and its exit to whoever holds the current transcript, and kills its whole
 * process tree in the end. {@link org.couchtck.kit.process.StdioServer} is the line exchange on top, the way CouchDB's
 * {@code couch_os_process} talks to a query server: one request line, then log lines and exactly one reply line, under
 * a timeout, with the process killed when it cannot be trusted any more.
 */
package org.couchtck.kit.process;
