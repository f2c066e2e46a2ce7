/**
 * Mango selectors as CouchDB 3.5.2 evaluates them outside an index: {@code _changes?filter=_selector}.
 *
 * <p>{@link org.couchtck.reference.mango.Selector} is the entry point: it validates and normalizes a selector as
 * {@code mango_selector:normalize/1} does (explicit operators, dotted field paths pushed to the terminals, negations
 * pushed down by De Morgan's laws) and matches documents as {@code mango_selector:match/2} does, comparing with
 * CouchDB's view collation ({@code _id} by Erlang term order). {@link org.couchtck.reference.mango.FieldsProjection}
 * is a selector's {@code fields}. Refusals carry mango_error's texts ({@link
 * org.couchtck.reference.mango.MangoException}).
 */
package org.couchtck.reference.mango;
