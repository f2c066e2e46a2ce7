package org.couchtck.reference.daemons;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The _external processes as couch_external_manager and couch_external_server keep them, on real child processes. */
class ExternalServersTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Generous: a test double is a JVM starting on a busy machine. */
    private static final Duration PATIENT = Duration.ofSeconds(60);
    private static final String ECHO = JavaCommand.of(EchoExternal.class);
    private static final String SCRIPTED = JavaCommand.of(ScriptedExternal.class);

    private ExternalServers servers;

    @BeforeEach
    void start() {
        servers = new ExternalServers();
    }

    @AfterEach
    void stop() {
        servers.close();
    }

    @Test
    void should_start_a_process_at_the_first_request_and_keep_it_for_the_next() throws Exception {
        JsonNode first = echo("echo", "{}");

        JsonNode second = echo("echo", "{}");

        assertThat(second.path("pid").asLong()).isEqualTo(first.path("pid").asLong());
        assertThat(List.of(first.path("count").asInt(), second.path("count").asInt())).containsExactly(1, 2);
    }

    @Test
    void should_give_each_name_a_process_of_its_own() throws Exception {
        long a = echo("a", "{}").path("pid").asLong();

        long b = echo("b", "{}").path("pid").asLong();

        assertThat(b).isNotEqualTo(a);
    }

    @Test
    void should_let_concurrent_requests_to_one_name_take_turns_on_its_one_process() throws Exception {
        echo("echo", "{}");
        ExecutorService clients = Executors.newFixedThreadPool(6);
        try {
            List<Future<JsonNode>> replies = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                replies.add(clients.submit(() -> echo("echo", "{}")));
            }

            List<Long> pids = new ArrayList<>();
            List<Integer> counts = new ArrayList<>();
            for (Future<JsonNode> reply : replies) {
                pids.add(reply.get(60, TimeUnit.SECONDS).path("pid").asLong());
                counts.add(reply.get().path("count").asInt());
            }

            assertThat(pids).containsOnly(pids.get(0));
            assertThat(counts).containsExactlyInAnyOrder(2, 3, 4, 5, 6, 7);
        } finally {
            clients.shutdownNow();
        }
    }

    @Test
    void should_start_the_new_command_and_stop_the_old_process_when_a_names_command_changes() throws Exception {
        long old = echo("echo", "{}").path("pid").asLong();

        JsonNode reply = reply(servers.prompt("echo", JavaCommand.of(EchoExternal.class, "changed"),
                bytes("{}"), PATIENT));

        assertThat(reply.path("json").path("pid").asLong()).isNotEqualTo(old);
        assertThat(Processes.gone(old)).isTrue();
    }

    @Test
    void should_stop_the_process_of_a_name_the_config_no_longer_has() throws Exception {
        long kept = echo("kept", "{}").path("pid").asLong();
        long dropped = echo("dropped", "{}").path("pid").asLong();

        servers.retainOnly(Map.of("kept", ECHO));

        assertThat(Processes.gone(dropped)).isTrue();
        assertThat(ProcessHandle.of(kept).map(ProcessHandle::isAlive)).contains(true);
    }

    @Test
    void should_start_a_new_process_when_the_last_one_exited_between_requests() throws Exception {
        long exited = echo("echo", "{\"query\":{\"exit\":\"0\"}}").path("pid").asLong();
        assertThat(Processes.gone(exited)).isTrue();

        JsonNode next = echo("echo", "{}");

        assertThat(next.path("pid").asLong()).isNotEqualTo(exited);
        assertThat(next.path("count").asInt()).isEqualTo(1);
    }

    @Test
    void should_crash_with_the_exit_status_of_a_process_that_exits_instead_of_answering() {
        assertThatThrownBy(() -> servers.prompt("exits", JavaCommand.of(ExitingExternal.class, "3"), bytes("{}"),
                PATIENT))
                .isInstanceOfSatisfying(ExternalServerCrash.class, crash -> {
                    assertThat(crash.term()).isEqualTo("{os_process_error,{exit_status,3}}");
                    assertThat(crash.exitReason()).isEqualTo("{bad_return_value,{os_process_error,{exit_status,3}}}");
                });
    }

    @Test
    void should_crash_when_the_reply_is_late_and_kill_the_process_and_its_children() throws Exception {
        String hanging = JavaCommand.of(HangingExternal.class);
        JsonNode first = reply(servers.prompt("hangs", hanging, bytes("{}"), PATIENT)).path("json");

        assertThatThrownBy(() -> servers.prompt("hangs", hanging, bytes("{}"), Duration.ofMillis(300)))
                .isInstanceOfSatisfying(ExternalServerCrash.class, crash -> assertThat(crash.term())
                        .isEqualTo("{os_process_error,\"OS process timed out.\"}"));

        assertThat(Processes.gone(first.path("pid").asLong())).isTrue();
        assertThat(Processes.gone(first.path("child").asLong())).isTrue();
    }

    @Test
    void should_crash_on_a_reply_whose_first_token_does_not_scan() {
        assertThatThrownBy(() -> servers.prompt("garbage", JavaCommand.of(GarbageExternal.class), bytes("{}"),
                PATIENT))
                .isInstanceOfSatisfying(ExternalServerCrash.class, crash -> assertThat(crash.term())
                        .isEqualTo("{parse_error,bad_token}"));
    }

    @Test
    void should_stop_every_process_when_one_request_crashes_as_couch_external_manager_restarts() throws Exception {
        long bystander = echo("echo", "{}").path("pid").asLong();

        assertThatThrownBy(() -> servers.prompt("garbage", JavaCommand.of(GarbageExternal.class), bytes("{}"),
                PATIENT)).isInstanceOf(ExternalServerCrash.class);

        assertThat(Processes.gone(bystander)).isTrue();
        assertThat(echo("echo", "{}").path("count").asInt()).isEqualTo(1);
    }

    @Test
    void should_skip_log_lines_and_hand_on_the_reply_line_undecoded() throws Exception {
        Optional<byte[]> reply = scripted("[\"log\",\"first a word\"]\n{\"code\": 201}");

        assertThat(reply).map(b -> new String(b, StandardCharsets.UTF_8)).contains("{\"code\": 201}");
    }

    @Test
    void should_hand_on_a_blank_line_as_no_reply() throws Exception {
        assertThat(scripted("  ")).isEmpty();
    }

    @Test
    void should_crash_on_an_error_command_with_its_id_and_reason() {
        assertThatThrownBy(() -> scripted("[\"error\",\"not_found\",\"missing\"]"))
                .isInstanceOfSatisfying(ExternalServerCrash.class, crash -> assertThat(crash.term())
                        .isEqualTo("{not_found,<<\"missing\">>}"));
    }

    @Test
    void should_kill_every_process_on_close_and_refuse_requests_after() throws Exception {
        long pid = echo("echo", "{}").path("pid").asLong();

        servers.close();

        assertThat(Processes.gone(pid)).isTrue();
        assertThatThrownBy(() -> echo("echo", "{}")).isInstanceOf(IllegalStateException.class);
    }

    private JsonNode echo(String name, String request) throws Exception {
        return reply(servers.prompt(name, ECHO, bytes(request), PATIENT)).path("json");
    }

    private Optional<byte[]> scripted(String replyLines) throws Exception {
        String request = JSON.writeValueAsString(JSON.createObjectNode().put("body", replyLines));
        return servers.prompt("scripted", SCRIPTED, bytes(request), PATIENT);
    }

    private static JsonNode reply(Optional<byte[]> line) throws Exception {
        return JSON.readTree(line.orElseThrow());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
