/**
 * CouchDB's view key collation: the order in which a view keeps its rows.
 *
 * <p>{@link org.couchtck.reference.collation.ViewCollation} is the entry point: {@code COUCHDB} is the default order
 * ({@code couch_ejson_compare}: type classes null &lt; false &lt; true &lt; numbers &lt; strings &lt; arrays &lt;
 * objects, strings by ICU's root collation), {@code RAW} is a view's {@code "options": {"collation": "raw"}} (Erlang
 * term order of the decoded keys, strings by their UTF-8 bytes). Rows with equal keys follow their document ids,
 * always by UTF-8 bytes. The other classes are the parts: exact number comparison, the two string orders, the two
 * type orders and the structural walk over arrays and objects.
 *
 * <p>Everything here is stateless or thread-confined, so the comparators can be shared by every request thread.
 */
package org.couchtck.reference.collation;
