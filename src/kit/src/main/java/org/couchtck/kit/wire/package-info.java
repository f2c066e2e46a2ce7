/**
 * The wire between the kit and a query server: JSON line encoding as CouchDB writes it ({@link
 * org.couchtck.kit.wire.WireJson}), bounded line framing ({@link org.couchtck.kit.wire.BoundedLineReader}) and the
 * timestamped record of everything that crossed it ({@link org.couchtck.kit.wire.Transcript}).
 */
package org.couchtck.kit.wire;
