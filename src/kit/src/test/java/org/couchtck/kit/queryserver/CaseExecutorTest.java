package org.couchtck.kit.queryserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Set;
import org.couchtck.kit.cases.Case;
import org.couchtck.kit.cases.CouchDbVersion;
import org.couchtck.kit.cases.Corpus;
import org.couchtck.kit.cases.StepRenderer;
import org.couchtck.kit.cases.TargetProfile;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.process.ChildProcesses;
import org.couchtck.kit.process.ServerCommand;
import org.couchtck.kit.process.StdioServerOptions;
import org.couchtck.kit.wire.Direction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class CaseExecutorTest {

    private static final TargetProfile JAVASCRIPT = new TargetProfile("javascript", CouchDbVersion.LATEST, Set.of());

    @AfterEach
    void no_child_process_outlives_a_test() throws InterruptedException {
        ChildProcesses.assertNoneAlive();
    }

    @Test
    void a_reused_process_gets_one_reset_per_case_when_the_case_starts_with_the_checkout_reset() {
        // given a case whose first step is the very reset CouchDB sends at checkout
        Case testCase = Corpus.builtIn().find("qs.map_doc.three-functions").orElseThrow();
        String checkout = new StepRenderer(JAVASCRIPT).resetLine();
        try (ServerSupervisor supervisor = new ServerSupervisor(
                ServerCommand.javaMain("org.couchtck.kit.testservers.EchoServer"), StdioServerOptions.defaults(),
                new StepRenderer(JAVASCRIPT))) {
            CaseExecutor executor = new CaseExecutor(JAVASCRIPT, supervisor, Duration.ofSeconds(20));

            // when it runs twice on one process (the echo server answers true to everything, so it fails later on)
            CaseResult first = executor.run(testCase);
            CaseResult second = executor.run(testCase);

            // then each run sent the reset once: a new process gets the case's own, a reused one the checkout reset
            assertThat(first.transcript()).filteredOn(e -> e.direction() == Direction.SENT)
                    .filteredOn(e -> e.text().equals(checkout)).hasSize(1);
            assertThat(second.transcript()).filteredOn(e -> e.direction() == Direction.SENT)
                    .filteredOn(e -> e.text().startsWith("[\"reset\"")).hasSize(1);
            assertThat(second.transcript()).anySatisfy(e -> assertThat(e.text())
                    .isEqualTo("step 0 is that checkout reset, answered true"));
            assertThat(supervisor.starts()).isEqualTo(1);
        }
    }

    @Test
    void a_server_that_exits_right_after_its_error_reply_has_answered_the_step_even_when_the_exit_is_seen_first() {
        // given a case whose reduce may be answered by an error, and a server whose exit the kit sees before the reply
        Case testCase = Corpus.builtIn().find("qs.reduce.function-throws").orElseThrow();
        try (ServerSupervisor supervisor = new ServerSupervisor(
                ServerCommand.javaMain("org.couchtck.kit.testservers.ExitAfterErrorServer"),
                StdioServerOptions.defaults(), new StepRenderer(JAVASCRIPT))) {
            CaseExecutor executor = new CaseExecutor(JAVASCRIPT, supervisor, Duration.ofSeconds(20));

            // when
            CaseResult result = executor.run(testCase);

            // then the verdict is the reply's, and the exit is on record
            assertThat(result.verdict()).as(result.message()).isEqualTo(Verdict.PASS);
            assertThat(result.transcript()).anySatisfy(e -> assertThat(e.text()).contains("exited with status 1"));
        }
    }
}
