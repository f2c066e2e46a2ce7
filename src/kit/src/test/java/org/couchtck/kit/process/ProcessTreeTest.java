package org.couchtck.kit.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.couchtck.kit.testservers.SpawnsChildServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProcessTreeTest {

    @Test
    void should_kill_a_process_and_its_child_when_killing_the_tree() throws Exception {
        Process parent = new ProcessBuilder(ServerCommand.javaMain(SpawnsChildServer.class.getName()).argv())
                .redirectOutput(Redirect.DISCARD)
                .start();
        try {
            ProcessHandle grandchild = grandchildOf(parent);

            ProcessTree.kill(parent.toHandle(), List.of(), Duration.ofSeconds(20));

            assertThat(parent.isAlive()).isFalse();
            grandchild.onExit().get(20, TimeUnit.SECONDS);
            assertThat(grandchild.isAlive()).isFalse();
        } finally {
            parent.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            parent.destroyForcibly();
        }
    }

    @Test
    void should_kill_known_descendants_even_after_their_parent_is_gone() throws Exception {
        Process parent = new ProcessBuilder(ServerCommand.javaMain(SpawnsChildServer.class.getName()).argv())
                .redirectOutput(Redirect.DISCARD)
                .start();
        ProcessHandle grandchild = grandchildOf(parent);
        List<ProcessHandle> known = ProcessTree.descendantsOf(parent.toHandle());
        try {
            // The parent exits at the end of its input and orphans the grandchild, as a server stopped gently would.
            parent.getOutputStream().close();
            parent.waitFor(20, TimeUnit.SECONDS);
            assertThat(grandchild.isAlive()).isTrue();

            ProcessTree.kill(parent.toHandle(), known, Duration.ofSeconds(20));

            grandchild.onExit().get(20, TimeUnit.SECONDS);
            assertThat(grandchild.isAlive()).isFalse();
        } finally {
            grandchild.destroyForcibly();
            parent.destroyForcibly();
        }
    }

    private static ProcessHandle grandchildOf(Process parent) throws Exception {
        BufferedReader stderr = new BufferedReader(new InputStreamReader(parent.getErrorStream(),
                StandardCharsets.UTF_8));
        String line = stderr.readLine();
        assertThat(line).startsWith("grandchild ");
        return ProcessHandle.of(Long.parseLong(line.substring("grandchild ".length()))).orElseThrow();
    }
}
