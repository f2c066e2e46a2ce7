package org.couchtck.kit.daemons.external;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An HTTP request to an {@code _external} handler as a client sends it to CouchDB, from which
 * {@link RequestObjects} builds the request object CouchDB writes to the handler.
 *
 * @param method the HTTP method ({@code HEAD} reaches the handler as {@code GET})
 * @param rawPath the request target as sent: an absolute path, percent-encoded, with its query string;
 *     {@code /db/_external/name/...}
 * @param headers the request's header lines in the order sent; names as the client wrote them
 * @param body the request body as text; empty for a request without one (CouchDB then writes {@code "undefined"})
 * @param user the authenticated user; empty for an anonymous request
 * @param secObj the database's security object
 * @param order which of CouchDB 2.2.0's two request writers serves the request
 */
public record ExternalRequest(String method, String rawPath, List<Header> headers, Optional<String> body,
        Optional<User> user, ObjectNode secObj, FieldOrder order) {

    /** One header line. */
    public record Header(String name, String value) {
        public Header {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * The user of the request's user context.
     *
     * @param name the user's name
     * @param roles the user's roles ({@code _admin} for a server admin)
     */
    public record User(String name, List<String> roles) {
        public User {
            Objects.requireNonNull(name, "name");
            roles = List.copyOf(roles);
        }
    }

    /**
     * CouchDB 2.2.0 writes the request object in two places, which differ in small ways: the clustered interface
     * (port 5984, {@code {chttpd_external, handle_external_req}}) and the node-local one (port 5986,
     * {@code {couch_httpd_external, handle_external_req}}).
     */
    public enum FieldOrder {
        /**
         * {@code chttpd_external:json_req_obj}: info, uuid, id, ...; {@code descending} JSON-decoded with key,
         * startkey and endkey; a form only for POST and PUT; the clustered database info.
         */
        CHTTPD,
        /**
         * {@code couch_httpd_external:json_req_obj}: info, id, uuid, ...; {@code descending} left a string; a form
         * for any method; the node-local database info.
         */
        COUCH_HTTPD
    }

    public ExternalRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(rawPath, "rawPath");
        headers = List.copyOf(headers);
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(user, "user");
        secObj = secObj == null ? JsonNodeFactory.instance.objectNode() : secObj.deepCopy();
        Objects.requireNonNull(order, "order");
    }
}
