package org.couchtck.kit.queryserver;

import java.util.List;
import java.util.Optional;
import org.couchtck.kit.generate.Choices;
import org.couchtck.kit.generate.Counterexample;
import org.couchtck.kit.generate.LineMutator;
import org.couchtck.kit.generate.Property;
import org.couchtck.kit.process.Exchange;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.wire.Transcript;

/**
 * A malformed or mutated line gets a reply, or the server exits; it never leaves CouchDB waiting. With a reset line
 * to follow, also: a server that replied and kept running still answers that reset with {@code true}.
 */
final class RobustnessProperty implements Property<String> {

    private final SessionTarget target;
    private final Optional<String> resetAfter;

    /**
     * @param resetAfter the reset line to send after a line the server survived; empty: only answer-or-exit
     */
    RobustnessProperty(SessionTarget target, Optional<String> resetAfter) {
        this.target = target;
        this.resetAfter = resetAfter;
    }

    @Override
    public String generate(Choices choices) {
        return LineMutator.line(choices);
    }

    @Override
    public Optional<Counterexample> check(String line, Transcript transcript) {
        StdioServer server = target.server(transcript);
        Exchange exchange = server.exchange(line, target.timeout());
        if (exchange.outcome() == Exchange.Outcome.TIMEOUT || exchange.outcome() == Exchange.Outcome.LINE_TOO_LONG) {
            return Optional.of(new Counterexample("line 0: " + exchange.describe(),
                    "a reply or an exit within " + target.timeout().toMillis() + " ms",
                    exchange.reply().orElse("(" + exchange.describe() + ")"), List.of(line), 0));
        }
        if (resetAfter.isEmpty() || exchange.outcome() != Exchange.Outcome.REPLY || exchange.exitCode().isPresent()) {
            return Optional.empty();
        }
        Exchange reset = server.exchange(resetAfter.get(), target.timeout());
        boolean exited = reset.outcome() == Exchange.Outcome.EOF || reset.outcome() == Exchange.Outcome.WRITE_FAILED;
        if (exited || reset.reply().map("true"::equals).orElse(false)) {
            return Optional.empty();
        }
        return Optional.of(new Counterexample("line 1: the reset after a survived bad line was not answered true: "
                + reset.describe(), "true", reset.reply().orElse("(" + reset.describe() + ")"),
                List.of(line, resetAfter.get()), 1));
    }
}
