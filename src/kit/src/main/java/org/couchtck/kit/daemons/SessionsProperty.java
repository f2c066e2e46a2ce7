package org.couchtck.kit.daemons;

import java.util.List;
import java.util.Optional;
import org.couchtck.kit.daemons.DaemonCheck.Judgement;
import org.couchtck.kit.generate.Choices;
import org.couchtck.kit.generate.Counterexample;
import org.couchtck.kit.generate.Property;
import org.couchtck.kit.wire.Transcript;

/**
 * A property of a daemon over generated sessions: each of a generated case's checks holds (passes, or does not apply)
 * on the session. A counterexample's one line is the session's ini text.
 */
final class SessionsProperty implements Property<GeneratedSession> {

    /** The daemon could not be started at all: the property cannot be checked. */
    static final class DaemonUnavailable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        DaemonUnavailable(String message) {
            super(message);
        }
    }

    private final SessionConfigGenerator generator;
    private final PlayedSessions sessions;
    private final List<DaemonCheck> checks;

    SessionsProperty(SessionConfigGenerator generator, PlayedSessions sessions, List<DaemonCheck> checks) {
        this.generator = generator;
        this.sessions = sessions;
        this.checks = List.copyOf(checks);
    }

    @Override
    public GeneratedSession generate(Choices choices) {
        return generator.generate(choices);
    }

    @Override
    public Optional<Counterexample> check(GeneratedSession example, Transcript transcript) {
        SessionRecord record = sessions.play(example);
        record.transcript().forEach(entry -> transcript.add(entry.direction(), entry.text()));
        if (record.startFailure().isPresent()) {
            throw new DaemonUnavailable(record.startFailure().get());
        }
        for (DaemonCheck check : checks) {
            Judgement judgement = check.judge(record);
            if (judgement.outcome() == Judgement.Outcome.BROKEN) {
                return Optional.of(new Counterexample(check.id() + ": " + judgement.message() + " ("
                        + example.pace() + ")",
                        "a daemon that holds " + check.id(), judgement.message(), List.of(example.ini()), 0));
            }
        }
        return Optional.empty();
    }
}
