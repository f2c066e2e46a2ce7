package org.couchtck.kit.daemons;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.couchtck.kit.cases.Applicability;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.SlowJudgement;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.generate.GenerationBudget;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.TranscriptEntry;

/**
 * Runs daemon cases: one {@link DaemonSession} per distinct {@link SessionSpec} the corpus cases name, all sessions at
 * once (each with processes of its own), then each case's check on its session; the generated cases
 * ({@link GeneratedDaemonSuites}) meanwhile, with sessions of their own.
 */
public final class DaemonSuiteRunner {

    private final DaemonTargets targets;
    private final long seed;
    private final GenerationBudget budget;

    /** A runner of corpus cases (generated ones run under seed 0 with the budget of slow examples). */
    public DaemonSuiteRunner(DaemonTargets targets) {
        this(targets, 0, GenerationBudget.feedDefaults());
    }

    /**
     * @param seed the seed of the generated cases
     * @param budget the budget of the generated cases; each example starts a daemon, so a few
     */
    public DaemonSuiteRunner(DaemonTargets targets, long seed, GenerationBudget budget) {
        this.targets = targets;
        this.seed = seed;
        this.budget = budget;
    }

    /** The results of {@code cases}, in their order. Never throws for what the daemon does. */
    public List<CaseResult> run(List<DaemonCase> cases) {
        Instant started = Instant.now();
        ServerCommand command;
        DaemonConfig base;
        HaltingRule halting;
        try {
            command = targets.daemonCommand();
            base = targets.baseConfig();
            halting = HaltingRule.from(base);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            return cases.stream().map(c -> error(c, "the daemon suite could not be set up: " + e.getMessage(),
                    List.of(), started)).toList();
        }
        Map<SessionSpec, List<DaemonCase>> bySession = new LinkedHashMap<>();
        List<DaemonCase> generated = cases.stream().filter(GeneratedDaemonSuites::isGenerated).toList();
        cases.stream().filter(c -> !GeneratedDaemonSuites.isGenerated(c))
                .forEach(c -> bySession.computeIfAbsent(c.session(), s -> new ArrayList<>()).add(c));
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, bySession.size() + 1), task -> {
            Thread thread = new Thread(task, "couchtck-daemon-session");
            thread.setDaemon(true);
            return thread;
        });
        try {
            PlayedSessions.Player player = player(command, base, halting, true, targets.settings());
            // The generated cases judge no HTTP: their sessions skip the probe of the port.
            Future<List<CaseResult>> generatedResults = pool.submit(() -> {
                try (PlayedSessions played = new PlayedSessions(player(command, base, halting, false,
                        targets.settings()))) {
                    return new GeneratedDaemonRunner(targets, played, seed, budget).run(generated);
                }
            });
            Map<SessionSpec, Future<SessionRecord>> sessions = new LinkedHashMap<>();
            for (SessionSpec spec : bySession.keySet()) {
                sessions.put(spec, pool.submit(() -> player.play(spec)));
            }
            Map<String, CaseResult> results = new LinkedHashMap<>();
            for (Map.Entry<SessionSpec, Future<SessionRecord>> entry : sessions.entrySet()) {
                SessionRecord record;
                try {
                    record = entry.getValue().get();
                } catch (ExecutionException e) {
                    for (DaemonCase c : bySession.get(entry.getKey())) {
                        results.put(c.id(), error(c, "internal error of the kit: " + e.getCause(), List.of(),
                                started));
                    }
                    continue;
                }
                for (DaemonCase c : bySession.get(entry.getKey())) {
                    results.put(c.id(), judge(c, entry.getKey(), record, started));
                }
            }
            try {
                generatedResults.get().forEach(r -> results.put(r.caseId(), r));
            } catch (ExecutionException e) {
                generated.forEach(c -> results.put(c.id(), error(c, "internal error of the kit: " + e.getCause(),
                        List.of(), started)));
            }
            judgeAgainWithLargerBounds(results, bySession, generated, command, base, halting);
            return cases.stream().map(c -> results.get(c.id())).toList();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return cases.stream().map(c -> error(c, "interrupted before the case finished", List.of(), started))
                    .toList();
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * The cases whose verdict came from a bound running out (a daemon still running after its input closed, on a
     * loaded machine), their sessions played again, one at a time, with {@link SlowJudgement#SCALE} times the bounds.
     */
    private void judgeAgainWithLargerBounds(Map<String, CaseResult> results,
            Map<SessionSpec, List<DaemonCase>> bySession, List<DaemonCase> generated, ServerCommand command,
            DaemonConfig base, HaltingRule halting) throws InterruptedException {
        DaemonSettings patient = targets.settings().scaled(SlowJudgement.SCALE);
        PlayedSessions.Player player = player(command, base, halting, true, patient);
        int again = 0;
        for (Map.Entry<SessionSpec, List<DaemonCase>> session : bySession.entrySet()) {
            if (again == SlowJudgement.MAX_AGAIN) {
                return;
            }
            if (session.getValue().stream().noneMatch(c -> SlowJudgement.ranOutOfTime(results.get(c.id())))) {
                continue;
            }
            again++;
            Instant started = Instant.now();
            SessionRecord record = player.play(session.getKey());
            for (DaemonCase c : session.getValue()) {
                CaseResult first = results.get(c.id());
                if (SlowJudgement.ranOutOfTime(first)) {
                    results.put(c.id(), SlowJudgement.combine(first, judge(c, session.getKey(), record, started)));
                }
            }
        }
        List<DaemonCase> slow = generated.stream().filter(c -> SlowJudgement.ranOutOfTime(results.get(c.id())))
                .limit(SlowJudgement.MAX_AGAIN - again).toList();
        if (slow.isEmpty()) {
            return;
        }
        try (PlayedSessions played = new PlayedSessions(player(command, base, halting, false, patient))) {
            for (CaseResult judged : new GeneratedDaemonRunner(targets, played, seed, budget).run(slow)) {
                results.put(judged.caseId(), SlowJudgement.combine(results.get(judged.caseId()), judged));
            }
        }
    }

    /** The configuration of a session: the run's, with a free port for the daemon, or nothing; then the case's. */
    /** Plays a session of the daemon {@code command}: its config over {@code base}, the run's halting rule. */
    private PlayedSessions.Player player(ServerCommand command, DaemonConfig base, HaltingRule halting,
            boolean probesPort, DaemonSettings settings) {
        return spec -> new DaemonSession(command, configFor(spec, base), spec.replyDelay(), settings,
                new HaltingRule(halting.maxRetries(), halting.retryTime()), probesPort).run();
    }

    private DaemonConfig configFor(SessionSpec spec, DaemonConfig base) {
        DaemonConfig config = spec.config() == SessionSpec.ConfigMode.EMPTY ? DaemonConfig.empty()
                : base.with(targets.daemonName(), "port", Integer.toString(freePort()));
        return config.with(spec.ini());
    }

    private static CaseResult judge(DaemonCase c, SessionSpec spec, SessionRecord record, Instant started) {
        List<TranscriptEntry> transcript = new ArrayList<>();
        transcript.add(new TranscriptEntry(started, Direction.EVENT, "session: " + spec.describe()
                + "; check: " + c.check().id()));
        transcript.addAll(record.transcript());
        if (record.startFailure().isPresent()) {
            return error(c, record.startFailure().get(), transcript, started);
        }
        DaemonCheck.Judgement judgement = c.check().judge(record);
        Verdict verdict = switch (judgement.outcome()) {
            case PASS -> Verdict.PASS;
            case BROKEN -> Verdict.broken(c.level());
            case NOT_APPLICABLE -> Verdict.NA;
        };
        CaseResult result = new CaseResult(c.id(), c.section(), c.level(), c.description(), c.spec(), verdict,
                judgement.message(), "", "", -1, transcript, OptionalLong.empty(),
                Duration.between(started, Instant.now()), "");
        return verdict == Verdict.NA ? result.withNotApplicable(Applicability.Cause.BEHAVIOUR) : result;
    }

    private static CaseResult error(DaemonCase c, String message, List<TranscriptEntry> transcript,
            Instant started) {
        return new CaseResult(c.id(), c.section(), c.level(), c.description(), c.spec(), Verdict.ERROR, message, "",
                "", -1, transcript, OptionalLong.empty(), Duration.between(started, Instant.now()), "");
    }

    /** A port nothing listens on now, on the loopback interface the daemon is probed on. */
    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port for the daemon: " + e.getMessage(), e);
        }
    }
}
