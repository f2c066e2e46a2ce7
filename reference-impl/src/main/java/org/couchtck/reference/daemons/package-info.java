/**
 * The OS processes CouchDB runs beside itself and talks to in lines of JSON: here the {@code _external} handler
 * processes of 2.2.0's couch_external_manager and couch_external_server ({@link
 * org.couchtck.reference.daemons.ExternalServers}), started from {@code [external]} commands, one per name, each
 * request one line out and one reply line back, every process tree stopped with the endpoint.
 */
package org.couchtck.reference.daemons;
