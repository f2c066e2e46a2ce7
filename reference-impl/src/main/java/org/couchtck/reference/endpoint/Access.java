package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;

/** Who may do what: server-admin-only requests and a database's {@code _security} members. */
final class Access {

    private Access() {}

    static void requireAdmin(ApiRequest request) {
        if (!request.user().isAdmin()) {
            throw new CouchError(401, "unauthorized", "You are not a server admin.");
        }
    }

    /** A reader or writer of a database must be an admin or one of its members (when it names any). */
    static void requireMember(ApiRequest request, JsonNode security) {
        UserContext user = request.user();
        if (user.isAdmin()) {
            return;
        }
        JsonNode members = security.path("members");
        JsonNode names = members.path("names");
        JsonNode roles = members.path("roles");
        boolean open = names.isEmpty() && roles.isEmpty();
        if (open || listed(names, user.name()) || user.roles().stream().anyMatch(r -> listed(roles, r))) {
            return;
        }
        if (user.name() == null) {
            throw new CouchError(401, "unauthorized", "You are not authorized to access this db.");
        }
        throw new CouchError(403, "forbidden", "You are not allowed to access this db.");
    }

    private static boolean listed(JsonNode array, String value) {
        if (value == null) {
            return false;
        }
        for (JsonNode n : array) {
            if (value.equals(n.asText(null))) {
                return true;
            }
        }
        return false;
    }
}
