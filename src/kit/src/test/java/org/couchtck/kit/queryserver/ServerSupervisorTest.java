package org.couchtck.kit.queryserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Set;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.StepRenderer;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.process.ChildProcesses;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.process.StdioServer;
import org.couchtck.kit.process.StdioServerOptions;
import org.couchtck.kit.wire.Transcript;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class ServerSupervisorTest {

    private static final StepRenderer RENDERER = new StepRenderer(
            new TargetProfile("javascript", CouchDbVersion.LATEST, Set.of()));

    private static ServerSupervisor supervisorOf(String mainClass, String... args) {
        return new ServerSupervisor(ServerCommand.javaMain("org.couchtck.kit.testservers." + mainClass, args),
                StdioServerOptions.defaults(), RENDERER);
    }

    @Test
    void reuses_one_process_across_cases_with_a_reset_in_between() throws Exception {
        try (ServerSupervisor supervisor = supervisorOf("EchoServer")) {
            StdioServer first = supervisor.serverFor(false, new Transcript());
            Transcript second = new Transcript();

            StdioServer again = supervisor.serverFor(false, second);

            assertThat(again).isSameAs(first);
            assertThat(supervisor.starts()).isEqualTo(1);
            assertThat(second.entries()).anySatisfy(e -> assertThat(e.text()).startsWith("[\"reset\","));
        }
    }

    @Test
    void starts_a_new_process_for_a_fresh_case_and_stops_the_old_one() throws Exception {
        try (ServerSupervisor supervisor = supervisorOf("EchoServer")) {
            StdioServer first = supervisor.serverFor(false, new Transcript());

            StdioServer fresh = supervisor.serverFor(true, new Transcript());

            assertThat(fresh).isNotSameAs(first);
            assertThat(first.isAlive()).isFalse();
            assertThat(supervisor.starts()).isEqualTo(2);
        }
    }

    @Test
    void keeps_a_spare_process_once_a_second_one_was_needed_and_stops_it_on_close() throws Exception {
        Transcript third = new Transcript();
        try (ServerSupervisor supervisor = supervisorOf("EchoServer")) {
            supervisor.serverFor(false, new Transcript());
            supervisor.serverFor(true, new Transcript());

            StdioServer fromSpare = supervisor.serverFor(true, third);

            assertThat(fromSpare.isAlive()).isTrue();
            assertThat(supervisor.starts()).isEqualTo(3);
            assertThat(third.entries()).anySatisfy(e -> assertThat(e.text()).contains("started ahead of time"));
        }
        ChildProcesses.assertNoneAlive();
    }

    @Test
    void replaces_a_process_that_exited() throws Exception {
        try (ServerSupervisor supervisor = supervisorOf("EchoServer")) {
            StdioServer first = supervisor.serverFor(false, new Transcript());
            first.closeInput(Duration.ofSeconds(5));

            StdioServer next = supervisor.serverFor(false, new Transcript());

            assertThat(next).isNotSameAs(first);
            assertThat(next.isAlive()).isTrue();
        }
    }

    @Test
    void replaces_a_process_that_refuses_the_reset_between_cases() throws Exception {
        try (ServerSupervisor supervisor = supervisorOf("WrongAnswerServer")) {
            StdioServer first = supervisor.serverFor(false, new Transcript());
            Transcript transcript = new Transcript();

            StdioServer next = supervisor.serverFor(false, transcript);

            assertThat(next).isNotSameAs(first);
            assertThat(transcript.entries()).anySatisfy(e -> assertThat(e.text()).contains("did not accept the reset"));
        }
    }

    @Test
    void declares_the_target_unresponsive_after_several_dead_cases_in_a_row() {
        try (ServerSupervisor supervisor = supervisorOf("EchoServer")) {
            supervisor.caseEnded(false);
            supervisor.caseEnded(false);
            assertThat(supervisor.unresponsive()).isFalse();
            supervisor.caseEnded(true);
            supervisor.caseEnded(false);
            supervisor.caseEnded(false);
            supervisor.caseEnded(false);

            assertThat(supervisor.unresponsive()).isTrue();
        }
    }
}
