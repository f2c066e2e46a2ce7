package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** Who a request acts as: {@code name} null for an anonymous request. */
record UserContext(String name, List<String> roles) {

    static final UserContext ANONYMOUS = new UserContext(null, List.of());

    UserContext {
        roles = List.copyOf(roles);
    }

    boolean isAdmin() {
        return roles.contains("_admin");
    }

    /** {@code {"name": ...|null, "roles": [...]}}, as _session and couch_util:json_user_ctx show a user. */
    ObjectNode toJson() {
        ObjectNode json = Json.object();
        if (name == null) {
            json.putNull("name");
        } else {
            json.put("name", name);
        }
        ArrayNode list = json.putArray("roles");
        roles.forEach(list::add);
        return json;
    }
}
