/**
 * The query-server protocol as couchjs speaks it: the command table (reset, add_fun, add_lib,
 * map_doc, index_doc, nouveau_index_doc, reduce, rereduce, ddoc), the per-process state that
 * reset clears, the reset configuration with the reduce_limit rule, and one class per command. Commands work on plain Java
 * values from the protocol line and leave JavaScript to a {@link
 * org.couchtck.reference.queryserver.js.ViewEngine}.
 */
package org.couchtck.reference.queryserver.protocol;
