package org.couchtck.kit.daemons.programs;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import org.couchtck.kit.endpoint.externals.KitBackend;
import org.couchtck.kit.process.ChildProcesses;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class BootReporterTest {

    private static KitBackend backend;

    @BeforeAll
    static void startBackend() {
        backend = KitBackend.start(0);
    }

    @AfterAll
    static void stopBackend() {
        backend.close();
    }

    @AfterEach
    void noProcessLeft() throws InterruptedException {
        ChildProcesses.assertNoneAlive();
    }

    @Test
    void should_report_its_boot_and_exit_with_1_at_once_when_it_is_to_exit() throws Exception {
        try (HostSide host = HostSide.start(BootReporter.class, backend.uri() + "/couchtck/boots/dies", "exit")) {
            // when
            Integer status = host.exit();

            // then
            assertThat(status).isEqualTo(1);
            assertThat(backend.received()).filteredOn(r -> r.getUrl().equals("/couchtck/boots/dies"))
                    .singleElement().satisfies(r -> assertThatJson(r.getBodyAsString()).isEqualTo(
                            "{\"instance\":\"${json-unit.any-string}\",\"pid\":\"${json-unit.any-number}\"}"));
        }
    }

    @Test
    void should_report_its_boot_and_stay_until_its_input_closes_when_it_is_to_stay() throws Exception {
        try (HostSide host = HostSide.start(BootReporter.class, backend.uri() + "/couchtck/boots/stays", "stay")) {
            // when: its boot was reported, it is still running
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (backend.received().stream().noneMatch(r -> r.getUrl().equals("/couchtck/boots/stays"))
                    && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            boolean running = host.exitWithin(0) == null;
            host.closeInput();

            // then
            assertThat(running).as("running after its boot was reported").isTrue();
            assertThat(host.exit()).isEqualTo(0);
        }
    }
}
