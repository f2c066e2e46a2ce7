/**
 * The OS processes CouchDB 2.2.0 ran beside itself and talked to in lines of JSON.
 *
 * <p>The OS-daemon host (couch_os_daemons): the processes {@code [os_daemons]} lists, kept running, restarted or
 * halted by the retry rule, stopped and started as the configuration changes, and the line protocol they speak on
 * their standard input and output ({@code get}, {@code register}, {@code log}). {@link
 * org.couchtck.reference.daemons.DaemonHost} is the host; it reads the configuration through {@link
 * org.couchtck.reference.daemons.DaemonConfig}, is told of its changes, keeps time on an injected {@link
 * org.couchtck.reference.time.Scheduler} and starts processes through a {@link
 * org.couchtck.reference.daemons.DaemonLauncher}, so that its rules run as simulations in virtual time with fake
 * processes. {@link org.couchtck.reference.daemons.ProcessLauncher} starts real ones, reads their lines with a
 * bound, and kills their process trees.
 *
 * <p>The {@code _external} handler processes of couch_external_manager and couch_external_server ({@link
 * org.couchtck.reference.daemons.ExternalServers}): started from {@code [external]} commands, one per name, each
 * request one line out and one reply line back, every process tree stopped with the endpoint.
 */
package org.couchtck.reference.daemons;
