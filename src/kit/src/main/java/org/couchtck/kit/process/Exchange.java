package org.couchtck.kit.process;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.WireJson;

/**
 * What came of one request to a {@link StdioServer}: the log lines before the reply, the reply line itself, or why
 * there was none.
 *
 * @param logs the messages of the {@code ["log", msg]} lines that came before the reply, in order
 * @param reply the first line that was not a log line, exactly as received (a trailing {@code '\r'} kept)
 * @param outcome how the exchange ended
 * @param exitCode the server's exit status when it had exited by the end of the exchange on its own (not when the kit
 *     killed it); a server killed by signal N reports 128 + N, as a shell would
 * @param trailing other lines that are not the reply: a last line cut off without a newline, or lines printed after
 *     standard input was closed
 * @param elapsed from writing the request to the end of the exchange
 * @param detail one sentence saying what happened, for failure messages
 */
public record Exchange(List<String> logs, Optional<String> reply, Outcome outcome, OptionalInt exitCode,
        List<String> trailing, Duration elapsed, String detail) {

    /** How an exchange ended. */
    public enum Outcome {
        /** A reply line arrived. */
        REPLY,
        /** No reply within the timeout (or the request could not even be written): the process tree was killed. */
        TIMEOUT,
        /** The server's output ended before a reply: it exited or closed its standard output. */
        EOF,
        /** The reply line was longer than the configured cap: the process tree was killed. */
        LINE_TOO_LONG,
        /** The request could not be written: the server is gone or its standard input is closed. */
        WRITE_FAILED
    }

    public Exchange {
        logs = List.copyOf(logs);
        Objects.requireNonNull(reply, "reply");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(exitCode, "exitCode");
        trailing = List.copyOf(trailing);
        Objects.requireNonNull(elapsed, "elapsed");
        Objects.requireNonNull(detail, "detail");
    }

    /** An exchange with a generic detail derived from its outcome. */
    public Exchange(List<String> logs, Optional<String> reply, Outcome outcome, OptionalInt exitCode,
            List<String> trailing, Duration elapsed) {
        this(logs, reply, outcome, exitCode, trailing, elapsed, genericDetail(outcome, exitCode, elapsed));
    }

    /** The reply parsed as JSON; empty when there was no reply or it is not exactly one JSON value. */
    public Optional<JsonNode> replyJson() {
        if (reply.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(WireJson.parse(reply.get()));
        } catch (MalformedLineException e) {
            return Optional.empty();
        }
    }

    /**
     * A sentence for a failure message, such as "no reply within 5000 ms" or "server exited with status 1 before
     * replying".
     */
    public String describe() {
        return detail;
    }

    private static String genericDetail(Outcome outcome, OptionalInt exitCode, Duration elapsed) {
        switch (outcome) {
            case REPLY:
                return "replied after " + elapsed.toMillis() + " ms";
            case TIMEOUT:
                return "no reply within " + elapsed.toMillis() + " ms";
            case EOF:
                return exitCode.isPresent()
                        ? "server exited with status " + exitCode.getAsInt() + " before replying"
                        : "server closed its output before replying";
            case LINE_TOO_LONG:
                return "reply line longer than the configured maximum";
            case WRITE_FAILED:
                return "could not write the request: the server's input is closed";
            default:
                throw new IllegalArgumentException(outcome.toString());
        }
    }
}
