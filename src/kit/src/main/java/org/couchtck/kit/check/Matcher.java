package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** A compiled expectation on one JSON value, written in the fixture notation (see fixtures/README.md). */
public interface Matcher {

    /**
     * Checks a value.
     *
     * @param actual the value to check; empty means "no reply line came"
     * @return ok, or where and why the value does not match
     */
    MatchResult match(Optional<JsonNode> actual);

    /** The fixture notation this matcher was compiled from, for reports. */
    JsonNode spec();
}
