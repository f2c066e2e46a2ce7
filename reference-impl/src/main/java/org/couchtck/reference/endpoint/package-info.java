/**
 * The reference CouchDB-compatible HTTP endpoint: CouchDB 3.5's HTTP API over the in-memory store, with the
 * global_changes batcher behind {@code /_db_updates} and the reference query server running design-document filters;
 * and, from CouchDB 2.2.0, the handlers its config could add: proxies ({@code [httpd_global_handlers]} {@code _name =
 * {couch_httpd_proxy, handle_proxy_req, <<"http://host:port/prefix">>}}) and {@code _external} handlers ({@code
 * [httpd_db_handlers]} {@code _name = {couch_httpd_external, handle_external_req, <<"name">>}} with {@code [external]
 * name = command}).
 *
 * <p>The node is configured as CouchDB is: ini files ({@code serve --ini FILE}, repeatable, later files winning),
 * read again when they change, under what is set over {@code /_node/_local/_config} (except the sections CouchDB
 * refuses to write over HTTP, such as {@code [os_daemons]} and {@code [query_servers]}). The OS daemons {@code
 * [os_daemons]} lists run under the host of {@link org.couchtck.reference.daemons}, told of every configuration
 * change, from the moment the endpoint listens until it is closed.
 *
 * <p>Jetty 12's core API (no servlets): a handler runs each request blocking on a pool thread, and every blocking
 * write of a reply is one HTTP chunk, which is how CouchDB frames its feeds and heartbeats. Jetty is also the server
 * WireMock runs on, so the kit's tests hold both in one JVM on one Jetty.
 */
package org.couchtck.reference.endpoint;
