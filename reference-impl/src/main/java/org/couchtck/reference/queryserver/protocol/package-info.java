/**
 * The query-server protocol as couchjs speaks it: the command table, the per-process state that
 * reset clears, the reset configuration, and one class per command. Commands work on plain Java
 * values from the protocol line and leave JavaScript to a {@link
 * org.couchtck.reference.queryserver.js.ViewEngine}.
 */
package org.couchtck.reference.queryserver.protocol;
