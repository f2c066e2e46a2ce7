package org.couchtck.reference.endpoint;

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
}
