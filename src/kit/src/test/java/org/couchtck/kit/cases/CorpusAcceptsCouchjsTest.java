package org.couchtck.kit.cases;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.couchtck.kit.check.MatchResult;
import org.couchtck.kit.check.Matcher;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The corpus is faithful to CouchDB: for every case whose steps line up with a couchjs recording
 * ({@code transcriptLines}), the lines the kit would send are the recorded ones, and both recorded builds'
 * replies, log lines and exits satisfy the case's matchers.
 */
class CorpusAcceptsCouchjsTest {

    /** Versions tried, newest first: recordings of 3-element reduces line up with the 3.5.1 rendering. */
    private static final List<CouchDbVersion> VERSIONS = List.of(CouchDbVersion.LATEST, CouchDbVersion.parse("3.5.1"),
            CouchDbVersion.parse("3.5.0"));

    private final Corpus corpus = Corpus.builtIn();

    @Test
    void should_line_up_most_of_the_corpus_with_recordings() {
        long linked = corpus.cases().stream().filter(c -> corpus.transcriptLines(c.id()).isPresent()).count();

        assertThat(linked).isGreaterThanOrEqualTo(115);
    }

    @TestFactory
    Stream<DynamicTest> should_accept_both_couchjs_recordings_when_a_case_lines_up_with_one() {
        return corpus.cases().stream()
                .filter(c -> corpus.transcriptLines(c.id()).isPresent())
                .map(c -> DynamicTest.dynamicTest(c.id(), () -> check(c, corpus.transcriptLines(c.id()).get())));
    }

    private static void check(Case c, TranscriptLines link) {
        JsonNode session = SharedTranscripts.session(link.session());
        int inputCount = session.get("input").size();
        assertThat(link.lines()).as("line numbers within the session").allSatisfy(
                line -> assertThat(line).isBetween(1, inputCount));
        boolean closes = c.steps().get(c.steps().size() - 1).kind() == StepKind.CLOSE;
        if (closes) {
            assertThat(link.lines().isEmpty() || link.lines().get(link.lines().size() - 1) == inputCount)
                    .as("a close step stands for the recording's end of input, so the last session line must be "
                            + "the last one listed").isTrue();
        }
        List<String> problems = new ArrayList<>();
        for (String build : SharedTranscripts.BUILDS) {
            JsonNode recording = session.get("recordings").get(build);
            checkLines(c, link, recording, build, problems);
            checkReplies(c, link, recording, build, problems);
        }
        assertThat(problems).as(c.id()).isEmpty();
    }

    /** The lines the kit sends, for some version the case applies to, are exactly the recorded ones. */
    private static void checkLines(Case c, TranscriptLines link, JsonNode recording, String build,
            List<String> problems) {
        List<String> recorded = recordedLines(link, recording, build);
        String firstDifference = "no applicable CouchDB version among " + VERSIONS;
        for (CouchDbVersion version : VERSIONS) {
            TargetProfile profile = new TargetProfile("javascript", version, Set.of())
                    .withConformance(Conformance.COUCHJS);
            if (!profile.applicability(c).applicable()) {
                continue;
            }
            StepRenderer renderer = new StepRenderer(profile);
            Optional<String> difference = Optional.empty();
            int lineIndex = 0;
            for (Step step : c.steps()) {
                if (step.kind() == StepKind.CLOSE) {
                    continue;
                }
                String line = renderer.line(step).orElseThrow();
                String expected = recorded.get(lineIndex++);
                if (expected != null && !expected.equals(line)) {
                    difference = Optional.of("for " + version + " step " + step.index() + " renders " + line
                            + " but the recording sent " + expected);
                    break;
                }
            }
            if (difference.isEmpty()) {
                return;
            }
            if (version.equals(VERSIONS.get(0)) || firstDifference.startsWith("no applicable")) {
                firstDifference = difference.get();
            }
        }
        problems.add(build + ": " + firstDifference);
    }

    /** The recorded text of each listed line (null where this build skipped it). */
    private static List<String> recordedLines(TranscriptLines link, JsonNode recording, String build) {
        List<String> sent = SharedTranscripts.sentLines(build, link.session());
        JsonNode exchanges = recording.get("exchanges");
        List<String> lines = new ArrayList<>();
        for (int line : link.lines()) {
            int sentBefore = 0;
            for (int i = 0; i < line - 1; i++) {
                if (!exchanges.get(i).path("skipped").asBoolean(false)) {
                    sentBefore++;
                }
            }
            lines.add(exchanges.get(line - 1).path("skipped").asBoolean(false) ? null : sent.get(sentBefore));
        }
        return lines;
    }

    private static void checkReplies(Case c, TranscriptLines link, JsonNode recording, String build,
            List<String> problems) {
        JsonNode exchanges = recording.get("exchanges");
        int lineIndex = 0;
        for (Step step : c.steps()) {
            String where = build + " step " + step.index();
            if (step.kind() == StepKind.CLOSE) {
                if (step.exit().isPresent()) {
                    checkExit(step.exit().get(), recording.get("exit"), where, problems);
                }
                continue;
            }
            int line = link.lines().get(lineIndex++);
            JsonNode exchange = exchanges.get(line - 1);
            where += " (line " + line + ")";
            if (exchange.path("skipped").asBoolean(false)) {
                problems.add(where + ": the recording never sent this line (the process had exited)");
                continue;
            }
            if (exchange.has("raw")) {
                problems.add(where + ": the recorded reply is not JSON: " + exchange.get("raw").asText());
                continue;
            }
            boolean noReply = exchange.path("noreply").asBoolean(false);
            Optional<JsonNode> reply = noReply ? Optional.empty() : Optional.of(exchange.get("reply"));
            if (step.expect().isPresent()) {
                report(step.expect().get().match(reply), where + " expect", problems);
            } else if (noReply) {
                problems.add(where + ": a reply is expected but none was recorded");
            }
            if (step.logs().isPresent()) {
                JsonNode logs = exchange.has("logs") ? exchange.get("logs")
                        : JsonNodeFactory.instance.arrayNode();
                report(step.logs().get().match(Optional.of(logs)), where + " logs", problems);
            }
            boolean ended = exchange.path("eof").asBoolean(false) || (line < exchanges.size()
                    ? endedBefore(exchanges.get(line)) : !recording.get("exit").isNull());
            if (step.exit().isPresent()) {
                if (!ended) {
                    problems.add(where + ": the case expects an exit, the recorded process went on");
                } else {
                    checkExit(step.exit().get(), recording.get("exit"), where, problems);
                }
            } else if (exchange.path("eof").asBoolean(false) && !noReply) {
                // As the runner does: an exit after a reply breaks a case that expects none.
                problems.add(where + ": the recorded process ended after its reply but the case expects no exit");
            }
        }
    }

    /** Whether the process was already gone when this exchange's line was due. */
    private static boolean endedBefore(JsonNode next) {
        return next.path("skipped").asBoolean(false)
                || (next.path("eof").asBoolean(false) && next.path("noreply").asBoolean(false));
    }

    private static void checkExit(Matcher exit, JsonNode status, String where, List<String> problems) {
        if (status.isNull()) {
            problems.add(where + ": the case expects an exit, the recorded process was still running");
            return;
        }
        report(exit.match(Optional.of(status)), where + " exit", problems);
    }

    private static void report(MatchResult result, String where, List<String> problems) {
        if (!result.matched()) {
            problems.add(where + ": " + (result.pointer().isEmpty() ? "" : result.pointer() + ": ")
                    + result.message());
        }
    }
}
