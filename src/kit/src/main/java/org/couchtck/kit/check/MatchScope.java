package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * What a match may see beyond the value it checks, and what it binds: the names an HTTP case bound before (its
 * captures, the revisions it saw), whether CouchDB's own revision ids are asked for ({@code exact} profile), and the
 * revisions this match binds ({@code $rev} with {@code as}), kept apart until the whole match holds. A trial
 * ({@code $oneOf}, {@code $unordered}) binds into a {@link #fork()}, adopted only when it matched.
 */
public final class MatchScope {

    private final boolean exact;
    private final Function<String, Optional<JsonNode>> earlier;
    private final Map<String, JsonNode> bound = new LinkedHashMap<>();

    private MatchScope(boolean exact, Function<String, Optional<JsonNode>> earlier) {
        this.exact = exact;
        this.earlier = earlier;
    }

    /** Nothing bound before; CouchDB's revision ids not asked for. */
    public static MatchScope detached() {
        return new MatchScope(false, name -> Optional.empty());
    }

    /**
     * A scope over what a case bound before.
     *
     * @param exact whether CouchDB 3.5.2's own bytes are asked for (the exact profile): a {@code $rev} holding
     *     CouchDB's revision id asks for exactly it, an {@code $exact} for exactly its value
     * @param earlier the value bound to a name before, if any
     */
    public static MatchScope over(boolean exact, Function<String, Optional<JsonNode>> earlier) {
        return new MatchScope(exact, Objects.requireNonNull(earlier, "earlier"));
    }

    /** Whether CouchDB 3.5.2's own bytes are asked for (the exact profile). */
    boolean exact() {
        return exact;
    }

    /** The value bound to {@code name}: by this match first, else before it. */
    Optional<JsonNode> lookup(String name) {
        JsonNode now = bound.get(name);
        return now != null ? Optional.of(now) : earlier.apply(name);
    }

    /** Binds {@code name} to {@code value}. */
    void bind(String name, JsonNode value) {
        bound.put(name, value);
    }

    /** A scope that sees what this one sees and binds apart from it. */
    MatchScope fork() {
        MatchScope fork = new MatchScope(exact, earlier);
        fork.bound.putAll(bound);
        return fork;
    }

    /** Takes what {@code fork} bound. */
    void adopt(MatchScope fork) {
        bound.putAll(fork.bound);
    }

    /** The names this match bound, in order, with their values. */
    public Map<String, JsonNode> bound() {
        return Collections.unmodifiableMap(bound);
    }
}
