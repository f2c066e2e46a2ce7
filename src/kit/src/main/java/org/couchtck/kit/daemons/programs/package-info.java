/**
 * Programs the kit ships, each a Java main class started with the kit's own java and class path: the default targets
 * of the daemon and {@code _external} suites, and backends the HTTP externals cases configure on an endpoint.
 *
 * <ul>
 *   <li>{@link org.couchtck.kit.daemons.programs.HelloDaemon}: a well-behaved OS daemon that asks CouchDB for its
 *       port, serves a small JSON greeting over HTTP there, logs, and exits when its standard input ends.</li>
 *   <li>{@link org.couchtck.kit.daemons.programs.EchoExternal}: a well-behaved {@code _external} handler that answers
 *       every request object with {@code {"code":200,"json":{"request":<the request>}}}.</li>
 * </ul>
 */
package org.couchtck.kit.daemons.programs;
