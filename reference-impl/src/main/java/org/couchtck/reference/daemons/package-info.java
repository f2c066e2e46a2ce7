/**
 * CouchDB's OS-daemon host as 2.2.0 ran it (couch_os_daemons): the processes {@code [os_daemons]} lists, kept
 * running, restarted or halted by the retry rule, stopped and started as the configuration changes, and the line
 * protocol they speak on their standard input and output ({@code get}, {@code register}, {@code log}).
 *
 * <p>{@link org.couchtck.reference.daemons.DaemonHost} is the host; it reads the configuration through {@link
 * org.couchtck.reference.daemons.DaemonConfig}, is told of its changes, keeps time on an injected {@link
 * org.couchtck.reference.time.Scheduler} and starts processes through a {@link
 * org.couchtck.reference.daemons.DaemonLauncher}, so that its rules run as simulations in virtual time with fake
 * processes. {@link org.couchtck.reference.daemons.ProcessLauncher} starts real ones, reads their lines with a
 * bound, and kills their process trees.
 */
package org.couchtck.reference.daemons;
