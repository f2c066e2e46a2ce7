/**
 * What the HTTP cases of CouchDB's Externals API (OS daemons, the HTTP proxy, {@code _external} handlers: CouchDB
 * 2.2 and earlier) need around an endpoint, set up per run by {@link org.couchtck.kit.endpoint.externals.ExternalsSetup}:
 *
 * <ul>
 *   <li>{@link org.couchtck.kit.endpoint.externals.KitBackend}: the WireMock server the endpoint's proxy forwards to
 *       and the kit's daemons report their boots to ({@code BackendReplies}: an echo, or a reply the request
 *       scripts).</li>
 *   <li>{@link org.couchtck.kit.endpoint.externals.ExternalsConfig}: the handlers, daemons and {@code _external}
 *       handler by the names the cases use, as ini sections; {@link org.couchtck.kit.endpoint.externals.KitPrograms}:
 *       the command lines of the kit's programs in them.</li>
 *   <li>{@link org.couchtck.kit.endpoint.externals.IniFile}: the ini of an endpoint the kit starts, which cases change
 *       while it runs.</li>
 *   <li>{@link org.couchtck.kit.endpoint.externals.ExternalsProbe}: which of these a server the kit did not start
 *       has, read from its configuration.</li>
 * </ul>
 */
package org.couchtck.kit.endpoint.externals;
