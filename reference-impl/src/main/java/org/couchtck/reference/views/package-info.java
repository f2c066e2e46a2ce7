/**
 * View indexes as CouchDB's couch_mrview keeps them: a design document's views parsed and validated
 * ({@link org.couchtck.reference.views.DesignDefinition}), one sorted index per view built incrementally from the
 * database's changes ({@link org.couchtck.reference.views.DesignIndex}), and queries over it — key ranges, keys,
 * direction, skip and limit, reduce with group levels ({@link org.couchtck.reference.views.ViewQuery}).
 *
 * <p>Nothing here speaks HTTP or a query-server protocol: the key order, the reducers and the map and reduce
 * functions come in from outside ({@link org.couchtck.reference.views.ViewFunctions}), so the endpoint decides which
 * query server runs them.
 */
package org.couchtck.reference.views;
