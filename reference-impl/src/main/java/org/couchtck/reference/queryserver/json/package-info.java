/**
 * JSON as the query-server protocol reads and writes it: protocol lines parsed into plain Java
 * values (with JavaScript's number semantics) and Java values written back as compact JSON.
 */
package org.couchtck.reference.queryserver.json;
