package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.couchtck.kit.check.MatchScope;

/**
 * The variables of one running case: its database names under their logical names, and the values its steps
 * captured or bound as revisions ({@code $rev} with {@code as}). Not thread-safe: only the case's own thread binds and
 * reads.
 */
public final class Bindings {

    private final Map<String, JsonNode> values = new LinkedHashMap<>();
    private final boolean exact;

    /** Bindings whose {@code $rev}s take any server's revision ids. */
    public Bindings() {
        this(false);
    }

    /** @param exact whether CouchDB 3.5.2's own bytes are asked for (the exact profile) */
    public Bindings(boolean exact) {
        this.exact = exact;
    }

    /** A scope for matching one step's expectations against what the case bound so far. */
    MatchScope scope() {
        return MatchScope.over(exact, name -> Optional.ofNullable(values.get(name)));
    }

    /** Binds what {@code scope} bound (its match held); returns it. */
    Map<String, JsonNode> commit(MatchScope scope) {
        scope.bound().forEach(this::bind);
        return scope.bound();
    }

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
