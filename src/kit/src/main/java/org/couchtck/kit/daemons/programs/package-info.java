/**
 * Programs the kit ships, each a Java main class started with the kit's own java and class path: the default targets
 * of the daemon and {@code _external} suites, and the programs the HTTP cases of the Externals API configure on an
 * endpoint.
 *
 * <ul>
 *   <li>{@link org.couchtck.kit.daemons.programs.HelloDaemon}: a well-behaved OS daemon that asks CouchDB for its
 *       port, serves a small JSON greeting over HTTP there, logs, and exits when its standard input ends.</li>
 *   <li>{@link org.couchtck.kit.daemons.programs.EchoExternal}: a well-behaved {@code _external} handler that answers
 *       every request object with {@code {"code":200,"json":{"request":<the request>}}}.</li>
 *   <li>{@link org.couchtck.kit.daemons.programs.ProxiedDaemon}: an OS daemon that asks its config section for a
 *       port and serves HTTP there, for the endpoint's proxy to reach; it reports its boots to the kit's backend,
 *       registers config to restart on, and can be asked to exit, to read config and to write lines that are no
 *       requests.</li>
 *   <li>{@link org.couchtck.kit.daemons.programs.BootReporter}: an OS daemon that reports its boot to a URL and then
 *       stays until its standard input closes, or exits at once.</li>
 *   <li>{@link org.couchtck.kit.daemons.programs.ProgramLibraries}: the libraries these programs need on their class
 *       path.</li>
 *   <li>{@link org.couchtck.kit.daemons.programs.DaemonHttpServer}: the HTTP server of the daemons that serve HTTP,
 *       on Jetty, reading the duplicate Content-Length CouchDB 2.x's proxy sends.</li>
 *   <li>{@link org.couchtck.kit.daemons.programs.ScriptedExternal}: an {@code _external} handler that echoes the
 *       request object it got (credentials redacted), or answers what the request's body asks it to.</li>
 *   <li>{@link org.couchtck.kit.daemons.programs.ProgramTraining}: the short session that makes the class-data
 *       archive these programs start from.</li>
 * </ul>
 */
package org.couchtck.kit.daemons.programs;
