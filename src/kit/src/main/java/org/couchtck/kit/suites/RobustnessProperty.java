package org.couchtck.kit.suites;

import java.util.List;
import java.util.Optional;
import org.couchtck.kit.generate.Choices;
import org.couchtck.kit.generate.Counterexample;
import org.couchtck.kit.generate.LineMutator;
import org.couchtck.kit.generate.Property;
import org.couchtck.kit.target.Exchange;
import org.couchtck.kit.target.StdioServer;
import org.couchtck.kit.wire.Transcript;

/** A malformed or mutated line gets a reply, or the server exits; it never leaves CouchDB waiting. */
final class RobustnessProperty implements Property<String> {

    private final SessionTarget target;

    RobustnessProperty(SessionTarget target) {
        this.target = target;
    }

    @Override
    public String generate(Choices choices) {
        return LineMutator.line(choices);
    }

    @Override
    public Optional<Counterexample> check(String line, Transcript transcript) {
        StdioServer server = target.server(transcript);
        Exchange exchange = server.exchange(line, target.timeout());
        return switch (exchange.outcome()) {
            case REPLY, EOF, WRITE_FAILED -> Optional.empty();
            case TIMEOUT, LINE_TOO_LONG -> Optional.of(new Counterexample("line 0: " + exchange.describe(),
                    "a reply or an exit within " + target.timeout().toMillis() + " ms",
                    exchange.reply().orElse("(" + exchange.describe() + ")"), List.of(line), 0));
        };
    }
}
