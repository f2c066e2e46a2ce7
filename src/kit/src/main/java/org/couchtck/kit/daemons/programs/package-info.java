/**
 * Programs the kit ships for CouchDB's Externals API, each a Java main class that an endpoint runs as a child
 * process, named in its ini with the kit's own java and class path.
 *
 * <ul>
 *   <li>{@link org.couchtck.kit.daemons.programs.ProxiedDaemon}: an OS daemon that asks its config section for a
 *       port and serves HTTP there, for the endpoint's proxy to reach; it can be asked to exit, to read config and
 *       to write lines that are no requests.</li>
 *   <li>{@link org.couchtck.kit.daemons.programs.BootReporter}: an OS daemon that reports its boot to a URL and then
 *       stays until its standard input closes, or exits at once.</li>
 *   <li>{@link org.couchtck.kit.daemons.programs.ScriptedExternal}: an {@code _external} handler that echoes the
 *       request object it got, or answers what the request's body asks it to.</li>
 * </ul>
 */
package org.couchtck.kit.daemons.programs;
