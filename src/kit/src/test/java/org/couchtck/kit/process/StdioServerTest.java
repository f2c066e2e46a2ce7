package org.couchtck.kit.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.couchtck.kit.testservers.AbandoningKit;
import org.couchtck.kit.testservers.CrashOnMapDocServer;
import org.couchtck.kit.testservers.EchoServer;
import org.couchtck.kit.testservers.EnvironmentServer;
import org.couchtck.kit.testservers.FloodServer;
import org.couchtck.kit.testservers.GarbageServer;
import org.couchtck.kit.testservers.LoggingServer;
import org.couchtck.kit.testservers.OrphaningServer;
import org.couchtck.kit.testservers.PartialLineServer;
import org.couchtck.kit.testservers.SilentServer;
import org.couchtck.kit.testservers.SpawnsChildServer;
import org.couchtck.kit.testservers.StderrServer;
import org.couchtck.kit.testservers.WrongAnswerServer;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.TranscriptEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Runs the harness against real processes: the test doubles of {@code org.couchtck.kit.testservers}. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StdioServerTest {

    /** Generous: a JVM start on a busy two-core machine; only silence-based tests wait this long. */
    private static final Duration REPLY = Duration.ofSeconds(20);
    private static final Duration SHORT = Duration.ofMillis(700);
    private static final Pattern GRANDCHILD = Pattern.compile("grandchild (\\d+)");

    /** Bounds a call that would block for ever if the kit read a pipe an orphan holds open on the caller's thread. */
    private static final Duration NEVER_HANGS = Duration.ofSeconds(30);

    private final List<StdioServer> started = new ArrayList<>();
    private final List<ProcessHandle> orphans = new ArrayList<>();
    private final Transcript transcript = new Transcript();

    @AfterEach
    void closeServers() {
        started.forEach(StdioServer::close);
        // A failed test may leave an orphan the kit did not kill; it must not outlive the test.
        orphans.forEach(ProcessHandle::destroyForcibly);
    }

    @Test
    void should_end_the_exchange_by_its_timeout_and_kill_the_orphan_when_the_server_exits_leaving_its_output_open()
            throws Exception {
        StdioServer server = start(OrphaningServer.class, StdioServerOptions.defaults().withStartTimeout(SHORT));
        ProcessHandle orphan = grandchildOf(server);
        orphans.add(orphan);

        Exchange exchange = assertTimeoutPreemptively(NEVER_HANGS, () -> server.exchange("[\"reset\",{}]", SHORT));

        assertThat(exchange.outcome()).isEqualTo(Exchange.Outcome.TIMEOUT);
        assertThat(exchange.reply()).isEmpty();
        assertThat(exchange.elapsed()).isGreaterThanOrEqualTo(SHORT);
        assertThat(orphan.isAlive()).as("the orphan holding the output, once the exchange is over").isFalse();
        assertThat(transcript.entries()).anySatisfy(entry -> assertThat(entry.text())
                .contains("output is still held open by").contains("process " + orphan.pid()));
    }

    @Test
    void should_take_an_orphans_line_for_the_reply_and_leave_no_orphan_when_closed_when_it_keeps_writing()
            throws Exception {
        StdioServer server = start(OrphaningServer.class, "--chatty");
        ProcessHandle orphan = grandchildOf(server);
        orphans.add(orphan);

        Exchange exchange = assertTimeoutPreemptively(NEVER_HANGS, () -> server.exchange("[\"reset\",{}]", REPLY));
        assertThat(exchange.reply()).contains("tick");
        assertThat(server.awaitExit(REPLY)).hasValue(3);
        assertTimeoutPreemptively(NEVER_HANGS, server::close);

        // Killed by the kit, or ended by a broken pipe once nobody reads the output: either way not left behind.
        orphan.onExit().get(20, TimeUnit.SECONDS);
        assertThat(orphan.isAlive()).isFalse();
    }

    @Test
    void should_return_the_reply_and_record_both_directions_when_the_server_answers() throws Exception {
        StdioServer server = start(EchoServer.class);

        Exchange exchange = server.exchange("[\"reset\",{}]", REPLY);

        assertThat(exchange.outcome()).isEqualTo(Exchange.Outcome.REPLY);
        assertThat(exchange.reply()).contains("true");
        assertThat(exchange.logs()).isEmpty();
        assertThat(exchange.exitCode()).isEmpty();
        assertThat(transcript.entries()).extracting(TranscriptEntry::direction, TranscriptEntry::text)
                .contains(tuple(Direction.SENT, "[\"reset\",{}]"),
                        tuple(Direction.RECEIVED, "true"));
    }

    @Test
    void should_carry_non_ascii_text_intact_in_both_directions() throws Exception {
        StdioServer server = start(EchoServer.class, "--echo");

        Exchange exchange = server.exchange("[\"café\",\"😀\",\"日本\"]", REPLY);

        assertThat(exchange.reply()).contains("[\"café\",\"😀\",\"日本\"]");
    }

    @Test
    void should_pass_a_wrong_answer_through_as_a_reply() throws Exception {
        StdioServer server = start(WrongAnswerServer.class);

        Exchange exchange = server.exchange("[\"reset\",{}]", REPLY);

        assertThat(exchange.outcome()).isEqualTo(Exchange.Outcome.REPLY);
        assertThat(exchange.replyJson().orElseThrow().booleanValue()).isFalse();
    }

    @Test
    void should_collect_log_lines_before_the_reply() throws Exception {
        StdioServer server = start(LoggingServer.class);

        Exchange first = server.exchange("[\"reset\",{}]", REPLY);
        Exchange second = server.exchange("[\"reset\",{}]", REPLY);

        assertThat(first.logs()).containsExactly("first 1", "second 1");
        assertThat(first.reply()).contains("true");
        assertThat(second.logs()).containsExactly("first 2", "second 2");
    }

    @Test
    void should_time_out_and_kill_the_server_when_no_reply_comes() throws Exception {
        StdioServer server = start(SilentServer.class, StdioServerOptions.defaults().withStartTimeout(SHORT));

        Exchange exchange = server.exchange("[\"reset\",{}]", SHORT);

        assertThat(exchange.outcome()).isEqualTo(Exchange.Outcome.TIMEOUT);
        assertThat(exchange.reply()).isEmpty();
        assertThat(exchange.describe()).isEqualTo("no reply within 700 ms");
        assertThat(exchange.elapsed()).isGreaterThanOrEqualTo(SHORT);
        assertThat(server.isAlive()).isFalse();
        assertThat(transcript.entries()).anySatisfy(entry -> {
            assertThat(entry.direction()).isEqualTo(Direction.EVENT);
            assertThat(entry.text()).contains("no reply within 700 ms").contains("killing");
        });
    }

    @Test
    void should_kill_the_grandchildren_too_when_a_reply_times_out() throws Exception {
        StdioServer server = start(SpawnsChildServer.class, StdioServerOptions.defaults().withStartTimeout(SHORT));
        ProcessHandle grandchild = grandchildOf(server);
        assertThat(grandchild.isAlive()).isTrue();

        Exchange exchange = server.exchange("[\"reset\",{}]", SHORT);

        assertThat(exchange.outcome()).isEqualTo(Exchange.Outcome.TIMEOUT);
        grandchild.onExit().get(20, TimeUnit.SECONDS);
        assertThat(grandchild.isAlive()).isFalse();
        assertThat(server.isAlive()).isFalse();
    }

    @Test
    void should_kill_the_grandchildren_too_when_closed() throws Exception {
        StdioServer server = start(SpawnsChildServer.class);
        ProcessHandle grandchild = grandchildOf(server);

        server.close();

        grandchild.onExit().get(20, TimeUnit.SECONDS);
        assertThat(grandchild.isAlive()).isFalse();
        assertThat(server.isAlive()).isFalse();
    }

    @Test
    void should_report_end_of_output_with_the_exit_status_when_the_server_crashes() throws Exception {
        StdioServer server = start(CrashOnMapDocServer.class);
        assertThat(server.exchange("[\"add_fun\",\"function(doc){}\"]", REPLY).reply()).contains("true");

        Exchange exchange = server.exchange("[\"map_doc\",{\"_id\":\"a\"}]", REPLY);

        assertThat(exchange.outcome()).isEqualTo(Exchange.Outcome.EOF);
        assertThat(exchange.exitCode()).hasValue(CrashOnMapDocServer.EXIT_STATUS);
        assertThat(exchange.describe()).isEqualTo("server exited with status 3 before replying");
        assertThat(server.exitCode()).hasValue(3);
    }

    @Test
    void should_report_a_failed_write_when_the_server_is_already_dead() throws Exception {
        StdioServer server = start(CrashOnMapDocServer.class);
        server.exchange("[\"map_doc\",{}]", REPLY);
        assertThat(server.awaitExit(REPLY)).hasValue(3);

        Exchange exchange = server.exchange("[\"reset\",{}]", REPLY);

        assertThat(exchange.outcome()).isEqualTo(Exchange.Outcome.WRITE_FAILED);
        assertThat(exchange.exitCode()).hasValue(3);
        assertThat(exchange.describe()).contains("could not write the request");
    }

    @Test
    void should_report_a_failed_write_after_the_input_was_closed() throws Exception {
        StdioServer server = start(EchoServer.class);
        server.closeInput(REPLY);

        Exchange exchange = server.exchange("[\"reset\",{}]", REPLY);

        assertThat(exchange.outcome()).isEqualTo(Exchange.Outcome.WRITE_FAILED);
        assertThat(exchange.describe()).contains("input was already closed");
    }

    @Test
    void should_stop_at_the_line_cap_and_kill_a_flooding_server() throws Exception {
        int cap = 1024 * 1024;
        StdioServer server = start(FloodServer.class, StdioServerOptions.defaults().withMaxLineBytes(cap));

        Exchange exchange = server.exchange("[\"reset\",{}]", REPLY);

        assertThat(exchange.outcome()).isEqualTo(Exchange.Outcome.LINE_TOO_LONG);
        assertThat(exchange.reply()).isEmpty();
        assertThat(exchange.describe()).contains("longer than 1048576 bytes");
        assertThat(server.isAlive()).isFalse();
        assertThat(transcript.entries()).allSatisfy(entry ->
                assertThat(entry.text().length()).isLessThanOrEqualTo(Transcript.MAX_ENTRY_CHARS + 64));
    }

    @Test
    void should_decode_garbage_bytes_to_replacement_characters_and_give_no_json() throws Exception {
        StdioServer server = start(GarbageServer.class);

        Exchange exchange = server.exchange("[\"reset\",{}]", REPLY);

        assertThat(exchange.outcome()).isEqualTo(Exchange.Outcome.REPLY);
        assertThat(exchange.reply().orElseThrow()).isNotEmpty();
        assertThat(exchange.reply().orElseThrow().chars()).containsOnly(0xFFFD);
        assertThat(exchange.replyJson()).isEmpty();
    }

    @Test
    void should_record_stderr_in_the_transcript_and_the_tail() throws Exception {
        StdioServer server = start(StderrServer.class);

        Exchange exchange = server.exchange("[\"reset\",{}]", REPLY);
        server.close();

        assertThat(exchange.reply()).contains("true");
        assertThat(server.stderrTail()).contains("stderr: [\"reset\",{}]");
        assertThat(transcript.entries()).anySatisfy(entry -> {
            assertThat(entry.direction()).isEqualTo(Direction.STDERR);
            assertThat(entry.text()).isEqualTo("stderr: [\"reset\",{}]");
        });
    }

    @Test
    void should_keep_stderr_written_before_a_reply_with_that_transcript_when_the_transcript_changes()
            throws Exception {
        // given a server that writes 300 stderr lines before each reply
        StdioServer server = start(StderrServer.class, "300");
        Exchange exchange = server.exchange("[\"reset\",{}]", REPLY);
        Transcript next = new Transcript();

        // when the next case takes the server over at once
        server.setTranscript(next);
        server.exchange("[\"map_doc\",{}]", REPLY);
        server.close();

        // then every line written before the first reply stayed with the first transcript
        assertThat(exchange.reply()).contains("true");
        assertThat(transcript.entries()).filteredOn(e -> e.direction() == Direction.STDERR)
                .extracting(TranscriptEntry::text).hasSize(300).allMatch(text -> text.endsWith("[\"reset\",{}]"));
        assertThat(next.entries()).filteredOn(e -> e.direction() == Direction.STDERR)
                .extracting(TranscriptEntry::text).allMatch(text -> text.endsWith("[\"map_doc\",{}]"));
    }

    @Test
    void what_a_server_writes_to_stderr_on_its_way_out_is_in_the_transcript_when_its_exit_is_told() throws Exception {
        // given a server that writes a 2000-line stack trace and exits on map_doc
        StdioServer server = start(CrashOnMapDocServer.class, "2000");
        server.exchange("[\"reset\",{}]", REPLY);

        // when
        Exchange exchange = server.exchange("[\"map_doc\",{}]", REPLY);

        // then the exit comes with all of it, before the next case could take the transcript over
        assertThat(exchange.outcome()).isEqualTo(Exchange.Outcome.EOF);
        assertThat(exchange.exitCode()).hasValue(CrashOnMapDocServer.EXIT_STATUS);
        assertThat(transcript.entries()).filteredOn(e -> e.direction() == Direction.STDERR)
                .extracting(TranscriptEntry::text).hasSize(2000).last().isEqualTo("trace 2000 of 2000");
    }

    @Test
    void should_report_the_exit_status_when_the_input_is_closed() throws Exception {
        StdioServer server = start(EchoServer.class);
        server.exchange("[\"reset\",{}]", REPLY);

        Exchange exchange = server.closeInput(REPLY);

        assertThat(exchange.outcome()).isEqualTo(Exchange.Outcome.EOF);
        assertThat(exchange.exitCode()).hasValue(0);
        assertThat(exchange.trailing()).isEmpty();
        assertThat(server.isAlive()).isFalse();
    }

    @Test
    void should_send_later_lines_to_the_new_transcript_when_swapped() throws Exception {
        StdioServer server = start(EchoServer.class);
        server.exchange("[\"first\"]", REPLY);
        Transcript next = new Transcript();

        server.setTranscript(next);
        server.exchange("[\"second\"]", REPLY);

        assertThat(transcript.entries()).extracting(TranscriptEntry::text).contains("[\"first\"]")
                .doesNotContain("[\"second\"]");
        assertThat(next.entries()).extracting(TranscriptEntry::text).contains("[\"second\"]", "true")
                .doesNotContain("[\"first\"]");
    }

    @Test
    void should_pipeline_many_requests_and_collect_every_reply() throws Exception {
        StdioServer server = start(EchoServer.class, "--echo");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            lines.add("[\"map_doc\",{\"n\":" + i + "}]");
        }

        PipelineResult result = server.pipeline(lines, REPLY);

        assertThat(result.outcome()).isEqualTo(Exchange.Outcome.REPLY);
        assertThat(result.replies()).isEqualTo(lines);
        assertThat(server.exchange("[\"after\"]", REPLY).reply()).contains("[\"after\"]");
    }

    @Test
    void should_end_a_pipeline_early_when_the_server_dies() throws Exception {
        StdioServer server = start(CrashOnMapDocServer.class);

        PipelineResult result = server.pipeline(List.of("[\"reset\",{}]", "[\"map_doc\",{}]", "[\"reset\",{}]"),
                REPLY);

        assertThat(result.outcome()).isEqualTo(Exchange.Outcome.EOF);
        assertThat(result.replies()).containsExactly("true");
        assertThat(result.exitCode()).hasValue(3);
        assertThat(result.describe()).contains("1 of 3 replies");
    }

    @Test
    void should_not_take_a_last_line_without_newline_for_a_reply() throws Exception {
        StdioServer server = start(PartialLineServer.class);

        Exchange exchange = server.exchange("[\"reset\",{}]", REPLY);

        assertThat(exchange.outcome()).isEqualTo(Exchange.Outcome.EOF);
        assertThat(exchange.reply()).isEmpty();
        assertThat(exchange.trailing()).containsExactly("true");
        assertThat(exchange.exitCode()).hasValue(0);
    }

    @Test
    void should_time_out_and_kill_the_server_when_it_does_not_read_its_input() throws Exception {
        // The double's sleeping mode never reads standard input: a large request fills the pipe.
        StdioServer server = start(ServerCommand.javaMain(SpawnsChildServer.class.getName(), "--sleep"),
                StdioServerOptions.defaults().withStartTimeout(SHORT));

        Exchange exchange = server.exchange("[\"" + "x".repeat(4 * 1024 * 1024) + "\"]", SHORT);

        assertThat(exchange.outcome()).isEqualTo(Exchange.Outcome.TIMEOUT);
        assertThat(exchange.describe()).contains("not reading its input");
        assertThat(server.isAlive()).isFalse();
    }

    @Test
    void should_start_the_server_with_the_given_environment_and_directory(@TempDir Path directory)
            throws Exception {
        StdioServerOptions options = new StdioServerOptions(REPLY, REPLY, 1024, Map.of("COUCHTCK_PROBE", "value é"),
                directory);
        StdioServer server = start(ServerCommand.javaMain(EnvironmentServer.class.getName()), options);

        JsonNode reply = server.exchange("COUCHTCK_PROBE", REPLY).replyJson().orElseThrow();

        assertThat(Path.of(reply.get(0).textValue()).toRealPath()).isEqualTo(directory.toRealPath());
        assertThat(reply.get(1).textValue()).isEqualTo("value é");
    }

    @Test
    void should_fail_to_start_with_a_one_line_message_naming_the_command() {
        StdioServer server = new StdioServer(ServerCommand.parse("/nonexistent/couchtck-no-such-server --flag"),
                StdioServerOptions.defaults());
        started.add(server);

        assertThatThrownBy(server::start).isInstanceOf(TargetStartException.class)
                .hasMessageStartingWith("cannot start the server `/nonexistent/couchtck-no-such-server --flag`")
                .hasMessageNotContaining("\n");
        assertThat(server.isAlive()).isFalse();
    }

    @Test
    void should_refuse_an_exchange_before_start_and_a_second_start() throws Exception {
        StdioServer server = new StdioServer(ServerCommand.javaMain(EchoServer.class.getName()),
                StdioServerOptions.defaults());
        started.add(server);

        assertThatThrownBy(() -> server.exchange("[]", SHORT)).isInstanceOf(IllegalStateException.class);
        server.start();
        assertThatThrownBy(server::start).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void should_be_safe_to_close_twice_and_without_start() {
        StdioServer never = new StdioServer(ServerCommand.parse("true"), StdioServerOptions.defaults());

        never.close();
        never.close();

        assertThat(never.isAlive()).isFalse();
        assertThat(never.exitCode()).isEmpty();
    }

    @Test
    void should_hand_over_each_line_as_it_came_when_the_kit_receives_instead_of_exchanging() throws Exception {
        // given
        StdioServer server = start(EchoServer.class, "--echo");

        // when: the kit writes first and reads what comes, log lines included
        boolean sent = server.send("[\"log\",\"one\"]", REPLY);
        ServerOutput first = server.receive(REPLY);
        ServerOutput nothing = server.receive(Duration.ofMillis(200));

        // then: silence is no fault, nothing is killed
        assertThat(sent).isTrue();
        assertThat(first).isInstanceOfSatisfying(ServerOutput.Received.class,
                received -> assertThat(received.line().text()).isEqualTo("[\"log\",\"one\"]"));
        assertThat(nothing).isInstanceOf(ServerOutput.Silent.class);
        assertThat(server.isAlive()).isTrue();
        assertThat(server.killedByKit()).isFalse();
    }

    @Test
    void should_see_the_end_of_output_and_the_exit_once_the_kit_closes_standard_input() throws Exception {
        // given
        StdioServer server = start(EchoServer.class);

        // when
        server.closeStdin();
        ServerOutput end = server.receive(REPLY);

        // then
        assertThat(end).isInstanceOf(ServerOutput.Ended.class);
        assertThat(server.awaitExit(REPLY)).hasValue(0);
        assertThat(server.send("true", SHORT)).isFalse();
    }

    @Test
    void should_kill_the_process_tree_when_the_kits_jvm_exits_without_closing_it() throws Exception {
        // given: a kit JVM that starts a daemon that ignores its input and has a child, then exits
        Process kit = new ProcessBuilder(ServerCommand.javaMain(AbandoningKit.class.getName()).argv())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String[] pids = new String(kit.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip().split(" ");

        // when
        assertThat(kit.waitFor(20, TimeUnit.SECONDS)).isTrue();

        // then: both are gone (the hook waits for them)
        for (String pid : pids) {
            ProcessHandle.of(Long.parseLong(pid)).ifPresent(p -> assertThat(p.onExit())
                    .succeedsWithin(Duration.ofSeconds(10)));
        }
    }

    private StdioServer start(Class<?> mainClass, String... args) throws TargetStartException {
        return start(ServerCommand.javaMain(mainClass.getName(), args), StdioServerOptions.defaults());
    }

    private StdioServer start(Class<?> mainClass, StdioServerOptions options) throws TargetStartException {
        return start(ServerCommand.javaMain(mainClass.getName()), options);
    }

    private StdioServer start(ServerCommand command, StdioServerOptions options) throws TargetStartException {
        StdioServer server = new StdioServer(command, options);
        started.add(server);
        server.setTranscript(transcript);
        server.start();
        return server;
    }

    /** Waits for the double to report its grandchild on stderr; the test's own timeout bounds the wait. */
    private static ProcessHandle grandchildOf(StdioServer server) throws InterruptedException {
        while (true) {
            Matcher matcher = GRANDCHILD.matcher(server.stderrTail());
            if (matcher.find()) {
                return ProcessHandle.of(Long.parseLong(matcher.group(1))).orElseThrow();
            }
            Thread.sleep(20);
        }
    }
}
