package org.couchtck.kit.cases;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.couchtck.kit.check.Matcher;

/**
 * One step of a case: what to send and what to check.
 *
 * @param index position in the case, from 0
 * @param kind what is sent
 * @param payload SEND: the value; RAW: the text (a text node); RESET: the config overrides (an object, empty for
 *     {@code true}); REDUCE/REREDUCE: the spec object; CLOSE: a null node
 * @param expect matcher for the reply; empty: any reply line
 * @param logs matcher for the array of log messages before the reply; empty: not checked
 * @param exit present when the process must exit after this step: matcher for the exit status
 * @param timeoutMillis per-step timeout; empty: the run's default
 */
public record Step(int index, StepKind kind, JsonNode payload, Optional<Matcher> expect, Optional<Matcher> logs,
        Optional<Matcher> exit, OptionalLong timeoutMillis) {

    public Step {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(expect, "expect");
        Objects.requireNonNull(logs, "logs");
        Objects.requireNonNull(exit, "exit");
        Objects.requireNonNull(timeoutMillis, "timeoutMillis");
    }
}
