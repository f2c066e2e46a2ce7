package org.couchtck.kit.queryserver;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import org.couchtck.kit.generate.Counterexample;
import org.couchtck.kit.generate.NumberMode;
import org.couchtck.kit.generate.Session;
import org.couchtck.kit.process.Exchange;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.WireJson;
import org.couchtck.reference.queryserver.Response;

/**
 * Plays a session to the target and to the reference line by line and finds the first line where they disagree:
 * on the reply (numbers compared in a {@link NumberMode}) and whether the process exits, or, as a check of its own,
 * on the log messages before each reply. CouchDB only writes log lines to its own log, so a server that logs more
 * (say a greeting at start-up) answers as well as one that does not.
 */
final class SessionDifferential {

    /** What is compared. */
    enum Compared {
        /** Replies and exits. */
        REPLIES,
        /** The log messages before the replies both write. */
        LOG_LINES
    }

    private final SessionTarget target;
    private final ReferenceOracle reference;
    private final NumberMode numbers;
    private final Compared compared;

    SessionDifferential(SessionTarget target, ReferenceOracle reference, NumberMode numbers, Compared compared) {
        this.target = target;
        this.reference = reference;
        this.numbers = numbers;
        this.compared = compared;
    }

    /** The first disagreement of {@code session}, or empty when the target answers every line as the reference. */
    Optional<Counterexample> compare(Session session, Transcript transcript) {
        StdioServer server = target.server(transcript);
        List<String> sent = new ArrayList<>();
        List<String> referenceSent = new ArrayList<>();
        for (int i = 0; i < session.lines().size(); i++) {
            String line = session.lines().get(i);
            sent.add(line);
            referenceSent.add(session.referenceLines().get(i));
            Response expected = reference.answer(session.referenceLines().get(i));
            Exchange actual = server.exchange(line, target.timeout());
            Optional<String> problem = compared == Compared.REPLIES ? disagreement(expected, actual, server)
                    : logDisagreement(expected, actual);
            if (problem.isPresent()) {
                return Optional.of(new Counterexample("line " + (sent.size() - 1) + ": " + problem.get(),
                        describe(expected), actual.reply().orElse("(" + actual.describe() + ")"), sent,
                        sent.size() - 1, referenceSent));
            }
            if (compared == Compared.LOG_LINES && actual.outcome() != Exchange.Outcome.REPLY) {
                break;
            }
            if (expected.exits()) {
                break;
            }
        }
        return Optional.empty();
    }

    private Optional<String> disagreement(Response expected, Exchange actual, StdioServer server) {
        if (actual.outcome() == Exchange.Outcome.TIMEOUT || actual.outcome() == Exchange.Outcome.LINE_TOO_LONG) {
            return Optional.of(actual.describe());
        }
        if (expected.reply().isPresent()) {
            if (actual.outcome() != Exchange.Outcome.REPLY) {
                return Optional.of("the reference replies, the target did not: " + actual.describe());
            }
            Optional<String> replies = compareReplies(expected.reply().get(), actual.reply().orElseThrow());
            if (replies.isPresent()) {
                return replies;
            }
        } else if (actual.outcome() == Exchange.Outcome.REPLY) {
            return Optional.of("the reference writes no reply, the target replied");
        }
        boolean targetExited = actual.exitCode().isPresent() || actual.outcome() != Exchange.Outcome.REPLY;
        if (expected.exits() && !targetExited) {
            OptionalInt status = server.awaitExit(target.timeout());
            if (status.isEmpty()) {
                return Optional.of("the reference exits after this line, the target kept running");
            }
        }
        if (!expected.exits() && targetExited) {
            return Optional.of("the target exited where the reference keeps running");
        }
        return Optional.empty();
    }

    private static Optional<String> logDisagreement(Response expected, Exchange actual) {
        if (expected.reply().isEmpty() || actual.outcome() != Exchange.Outcome.REPLY) {
            return Optional.empty();
        }
        List<String> expectedLogs = expected.logLines().stream().map(l -> WireJson.logMessage(l).orElse(l)).toList();
        if (!expectedLogs.equals(actual.logs())) {
            return Optional.of("log messages differ: the reference logs " + expectedLogs + ", the target "
                    + actual.logs());
        }
        return Optional.empty();
    }

    private Optional<String> compareReplies(String expectedLine, String actualLine) {
        if (expectedLine.equals(actualLine)) {
            return Optional.empty();
        }
        JsonNode expected;
        JsonNode actual;
        try {
            expected = WireJson.parse(expectedLine);
        } catch (MalformedLineException e) {
            // The kit's parser cannot read every reply the reference writes (e.g. lone surrogates in object keys):
            // then only the same text counts as the same reply.
            return Optional.of("replies differ (the reference's reply compared as text)");
        }
        try {
            actual = WireJson.parse(actualLine);
        } catch (MalformedLineException e) {
            return Optional.of("the target's reply is not JSON: " + e.getMessage());
        }
        if (!numbers.equal(expected, actual)) {
            return Optional.of("replies differ (numbers compared " + numbers.name().toLowerCase(Locale.ROOT) + ")");
        }
        return Optional.empty();
    }

    private static String describe(Response expected) {
        String reply = expected.reply().orElse("(no reply)");
        return expected.exits() ? reply + " (then exits with status " + expected.exitStatus().getAsInt() + ")"
                : reply;
    }
}
