package org.couchtck.kit.cases;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** Builds cases and steps for tests from fixture JSON. */
final class TestCases {

    private TestCases() {
    }

    static JsonNode json(String text) {
        try {
            return FixtureParser.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    static Step step(StepKind kind, String payload) {
        return new Step(0, kind, json(payload), Optional.empty(), Optional.empty(), Optional.empty(),
                OptionalLong.empty());
    }

    static Case caseWith(List<String> capabilities, Step... steps) {
        return new Case("qs.test.case", "test", Level.MUST, "a test case", "test", Optional.empty(), capabilities,
                false, "", List.of(steps), "test.json", Conformance.COUCHDB);
    }

    /** One fixture file holding {@code cases} (a JSON array text) for section "test". */
    static String fixture(String cases) {
        return "{\"section\":\"test\",\"spec\":\"share/server/loop.js\",\"cases\":" + cases + "}";
    }
}
