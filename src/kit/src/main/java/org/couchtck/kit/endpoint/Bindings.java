package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The variables of one running case: its database names under their logical names, and the values its steps
 * captured. Not thread-safe: only the case's own thread binds and reads.
 */
public final class Bindings {

    private final Map<String, JsonNode> values = new LinkedHashMap<>();

    /** Binds {@code name} to {@code value}, replacing an earlier value. */
    public void bind(String name, JsonNode value) {
        values.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
    }

    /**
     * The value bound to {@code name}.
     *
     * @throws UnboundVariableException when nothing is bound to it
     */
    public JsonNode value(String name) {
        JsonNode value = values.get(name);
        if (value == null) {
            throw new UnboundVariableException(name);
        }
        return value;
    }

    /** Every binding, in the order the names were first bound. */
    public Map<String, JsonNode> asMap() {
        return Collections.unmodifiableMap(values);
    }
}
