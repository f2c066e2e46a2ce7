package org.couchtck.kit.queryserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.couchtck.kit.cases.Applicability;
import org.couchtck.kit.cases.Case;
import org.couchtck.kit.cases.Conformance;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.StepRenderer;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.generate.Counterexample;
import org.couchtck.kit.generate.FunctionRenderer;
import org.couchtck.kit.generate.JavaScriptRenderer;
import org.couchtck.kit.generate.ReduceLines;
import org.couchtck.kit.generate.Property;
import org.couchtck.kit.generate.PropertyRunner;
import org.couchtck.kit.generate.ProtocolShape;
import org.couchtck.kit.generate.Reproducer;
import org.couchtck.kit.generate.SessionGenerator;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.TranscriptEntry;
import org.couchtck.kit.wire.WireJson;
import org.couchtck.reference.queryserver.Response;

/**
 * Runs the generated suites ({@link GeneratedSuites}) against the target: examples from the run's seed, each
 * failure shrunk, printed as a {@code printf ... | server} line and saved as a fixture under the report folder's
 * {@code shrunk/}.
 */
public final class GeneratedSuiteRunner implements AutoCloseable {

    /** From this version on, reduce and rereduce carry the view context (as {@link StepRenderer} sends it). */
    private static final CouchDbVersion REDUCE_CONTEXT_SINCE = new CouchDbVersion(3, 5, 2);

    /** Starts the message line that holds the shell reproducer of a shrunk counterexample. */
    private static final String REPRODUCE = "reproduce: ";

    private final TargetProfile profile;
    private final ServerSupervisor supervisor;
    private final GenerationSettings settings;
    private final SessionTarget target;
    private final ReferenceOracle reference = new ReferenceOracle();
    /** Writes the sessions; empty when the kit cannot write map functions in the target's language. */
    private final Optional<SessionGenerator> sessions;
    /** The target's reduce lines; empty when its pack lacks the generated reduce functions. */
    private final Optional<ReduceLines> reduces;
    private final ProtocolShape shape;

    /**
     * @param timeout the per-message timeout
     */
    public GeneratedSuiteRunner(TargetProfile profile, ServerSupervisor supervisor, Duration timeout,
            GenerationSettings settings) {
        this.profile = profile;
        this.supervisor = supervisor;
        this.settings = settings;
        this.target = new SessionTarget(supervisor, timeout);
        StepRenderer lines = new StepRenderer(profile);
        this.shape = new ProtocolShape(lines.resetLine(),
                profile.couchDbVersion().atLeast(REDUCE_CONTEXT_SINCE));
        this.reduces = ReduceLines.fromPack(profile.functions(), profile.language(), shape);
        ReduceLines referenceReduces = ReduceLines.fromPack(profile.functions(), "javascript", shape).orElseThrow();
        this.sessions = FunctionRenderer.forLanguage(profile.language()).flatMap(renderer -> reduces.map(
                targetReduces -> new SessionGenerator(renderer, new JavaScriptRenderer(), targetReduces,
                        referenceReduces, shape, profile.conformance().includes(Conformance.COUCHJS))));
    }

    /** Runs the generated case {@code testCase}. Never throws for target misbehaviour. */
    public CaseResult run(Case testCase) {
        Instant started = Instant.now();
        Applicability applicability = profile.applicability(testCase);
        if (!applicability.applicable()) {
            return result(testCase, Verdict.NA, applicability.reason(), "", "", -1, List.of(), started)
                    .withNotApplicable(applicability.cause());
        }
        Optional<String> cannotWrite = cannotWrite(testCase.id());
        if (cannotWrite.isPresent()) {
            // The kit writes no functions in the target's language for this suite: NA for want of a source.
            return result(testCase, Verdict.NA, cannotWrite.get(), "", "", -1, List.of(), started)
                    .withNotApplicable(Applicability.Cause.NO_SOURCE);
        }
        if (supervisor.unresponsive()) {
            return result(testCase, Verdict.ERROR, "not run: the target stopped answering earlier in this run", "",
                    "", -1, List.of(), started);
        }
        Property<?> property = property(testCase.id());
        PropertyRunner.Report report;
        try {
            report = new PropertyRunner(settings.budget()).run(testCase.id(), property, settings.seed());
        } catch (TargetUnavailableException e) {
            supervisor.caseEnded(false);
            return result(testCase, Verdict.ERROR, e.getMessage(), "", "", -1, List.of(), started);
        }
        supervisor.caseEnded(true);
        Transcript summary = new Transcript();
        summary.add(Direction.EVENT, "seed " + settings.seed() + ": " + report.examples() + " generated examples");
        List<TranscriptEntry> transcript = new ArrayList<>(summary.entries());
        transcript.addAll(report.transcript().entries());
        if (report.failure().isEmpty()) {
            return result(testCase, Verdict.PASS, "", "", "", -1, transcript, started);
        }
        PropertyRunner.Failure failure = report.failure().get();
        Counterexample shrunk = failure.shrunk();
        String reproducer = Reproducer.printf(shrunk.lines(), target.commandLine());
        StringBuilder message = new StringBuilder()
                .append("example ").append(failure.example()).append(" of seed ").append(settings.seed())
                .append(": ").append(shrunk.message())
                .append("; shrunk from ").append(failure.original().lines().size()).append(" to ")
                .append(shrunk.lines().size()).append(" lines (").append(failure.shrink().steps())
                .append(" candidates, ").append(failure.shrink().elapsed().toMillis()).append(" ms)");
        saveFixture(testCase, shrunk).ifPresent(path -> message.append("; fixture ").append(path));
        message.append('\n').append(REPRODUCE).append(reproducer);
        Verdict verdict = testCase.level().failsRun() ? Verdict.FAIL : Verdict.WARN;
        return result(testCase, verdict, message.toString(), shrunk.expected(), shrunk.actual(), shrunk.failedLine(),
                transcript, started);
    }

    /** The shell reproducer of a generated case's shrunk counterexample, if its result holds one. */
    public static Optional<String> reproducerOf(CaseResult result) {
        int at = result.message().indexOf('\n' + REPRODUCE);
        return at < 0 ? Optional.empty() : Optional.of(result.message().substring(at + 1 + REPRODUCE.length()));
    }

    /** Why the kit cannot write the functions of suite {@code id} in the target's language, if it cannot. */
    private Optional<String> cannotWrite(String id) {
        if (id.equals(GeneratedSuites.REDUCE_ALGEBRA)) {
            return reduces.isPresent() ? Optional.empty() : Optional.of("no " + profile.language() + " sources for "
                    + "the generated reduce functions (reduce.generated-*; see couchtck functions)");
        }
        if (GeneratedSuites.sendsFunctions(id) && sessions.isEmpty()) {
            return Optional.of("the kit cannot write generated map functions in " + profile.language()
                    + " (it can in javascript, python, ruby, php, perl, clojure and common-lisp)");
        }
        return Optional.empty();
    }

    private Property<?> property(String id) {
        SessionDifferential replies = new SessionDifferential(target, reference, settings.numbers(),
                SessionDifferential.Compared.REPLIES);
        return switch (id) {
            case GeneratedSuites.MAP_DIFFERENTIAL -> new DifferentialProperty(sessions.orElseThrow()::mapSession,
                    replies);
            case GeneratedSuites.SESSION_DIFFERENTIAL -> new DifferentialProperty(
                    sessions.orElseThrow()::fullSession, replies);
            case GeneratedSuites.LOG_LINES -> new DifferentialProperty(sessions.orElseThrow()::fullSession,
                    new SessionDifferential(target, reference, settings.numbers(),
                            SessionDifferential.Compared.LOG_LINES));
            case GeneratedSuites.REDUCE_ALGEBRA -> new ReduceAlgebraProperty(target, reduces.orElseThrow(), shape,
                    settings.numbers());
            case GeneratedSuites.ROBUSTNESS -> new RobustnessProperty(target, Optional.empty());
            case GeneratedSuites.RECOVERY -> new RobustnessProperty(target, Optional.of(shape.resetLine()));
            default -> throw new IllegalArgumentException("not a generated case: " + id);
        };
    }

    /** Writes the shrunk counterexample as a fixture file; the path, or empty when there is no report folder. */
    private Optional<Path> saveFixture(Case testCase, Counterexample shrunk) {
        if (settings.reportDir().isEmpty()) {
            return Optional.empty();
        }
        List<Response> answers = ReferenceOracle.freshAnswers(shrunk.referenceLines());
        List<String> lines = shrunk.lines().subList(0, answers.size());
        List<Reproducer.Expectation> expectations = answers.stream()
                .map(r -> new Reproducer.Expectation(r.reply().isPresent(),
                        r.reply().flatMap(GeneratedSuiteRunner::json), r.exits()))
                .toList();
        String fixtureId = testCase.id() + "-shrunk-" + Long.toHexString(settings.seed());
        ObjectNode fixture = Reproducer.fixture(testCase.section(), testCase.spec(), fixtureId, testCase.level(),
                "shrunk counterexample of " + testCase.id() + " (seed " + settings.seed() + ")",
                profile.language(), lines, expectations);
        Path file = settings.reportDir().get().resolve("shrunk").resolve(testCase.id() + ".json");
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, Reproducer.write(fixture));
            return Optional.of(file);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<JsonNode> json(String line) {
        try {
            return Optional.of(WireJson.parse(line));
        } catch (MalformedLineException e) {
            return Optional.empty();
        }
    }

    private CaseResult result(Case c, Verdict verdict, String message, String expected, String actual,
            int failedStep, List<TranscriptEntry> transcript, Instant started) {
        return new CaseResult(c.id(), c.section(), c.level(), c.description(), c.spec(), verdict, message, expected,
                actual, failedStep, transcript, OptionalLong.of(settings.seed()),
                Duration.between(started, Instant.now()), "");
    }

    @Override
    public void close() {
        reference.close();
    }
}
