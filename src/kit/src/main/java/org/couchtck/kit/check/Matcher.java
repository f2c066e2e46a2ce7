package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** A compiled expectation on one JSON value, written in the fixture notation (see fixtures/README.md). */
public interface Matcher {

    /**
     * Checks a value; what the matcher binds ({@code $rev}'s {@code as}) goes into {@code scope}, only when it matches.
     *
     * @param actual the value to check; empty means "no reply line came"
     * @param scope the values bound before, and where new bindings go
     * @return ok, or where and why the value does not match
     */
    MatchResult match(Optional<JsonNode> actual, MatchScope scope);

    /** Checks a value on its own: with nothing bound before, and nothing kept that it binds. */
    default MatchResult match(Optional<JsonNode> actual) {
        return match(actual, MatchScope.detached());
    }

    /** The fixture notation this matcher was compiled from, for reports. */
    JsonNode spec();
}
