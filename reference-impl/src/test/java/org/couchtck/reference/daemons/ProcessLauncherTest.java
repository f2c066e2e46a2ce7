package org.couchtck.reference.daemons;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real daemon processes: lines in and out, bounded lines, exits, closing the input, killing whole trees. */
class ProcessLauncherTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final ProcessLauncher launcher = new ProcessLauncher(64 * 1024);
    private DaemonProcess started;

    @AfterEach
    void killWhatWasStarted() throws Exception {
        if (started != null) {
            started.kill().get(WAIT.toSeconds(), TimeUnit.SECONDS);
        }
        launcher.close();
    }

    /** What a process reported, as the host would receive it. */
    private static final class Recorder implements DaemonProcess.Listener {
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        final BlockingQueue<String> unreadable = new LinkedBlockingQueue<>();
        final CompletableFuture<Integer> exit = new CompletableFuture<>();
        final Function<String, Optional<String>> replies;

        Recorder(Function<String, Optional<String>> replies) {
            this.replies = replies;
        }

        Recorder() {
            this(line -> Optional.empty());
        }

        @Override
        public Optional<String> line(String line) {
            lines.add(line);
            return replies.apply(line);
        }

        @Override
        public void unreadable(String why) {
            unreadable.add(why);
        }

        @Override
        public void exited(int status) {
            exit.complete(status);
        }

        String nextLine() throws InterruptedException {
            String line = lines.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(line).as("a line within " + WAIT).isNotNull();
            return line;
        }

        String nextUnreadable() throws InterruptedException {
            String why = unreadable.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(why).as("an unreadable line within " + WAIT).isNotNull();
            return why;
        }

        int exitStatus() throws Exception {
            return exit.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        }
    }

    private DaemonProcess launch(String command, Recorder recorder) throws IOException {
        started = launcher.launch(command, recorder);
        return started;
    }

    @Test
    void should_report_unreadable_lines_and_hand_over_the_readable_ones_and_write_back_the_reply() throws Exception {
        Recorder recorder = new Recorder(line -> line.startsWith("[\"get\"")
                ? Optional.of("\"the value\"") : Optional.empty());
        DaemonProcess daemon = launch(DaemonCommands.of(GarbageDaemon.class, Integer.toString(1 << 20)), recorder);

        String first = recorder.nextUnreadable();
        String second = recorder.nextUnreadable();
        String notJson = recorder.nextLine();
        String request = recorder.nextLine();
        String answered = recorder.nextLine();
        daemon.closeInput();

        assertThat(first).isEqualTo("a line that is not UTF-8 text");
        assertThat(second).isEqualTo("a line of 1048576 bytes, over the limit of 65536");
        assertThat(notJson).isEqualTo("this is not JSON");
        assertThat(request).isEqualTo("[\"get\",\"garbage\",\"key\"]");
        assertThat(answered).isEqualTo("[\"log\",\"garbage answered 'the value'\"]");
        assertThat(recorder.exitStatus()).isZero();
    }

    @Test
    void should_report_the_exit_status_of_a_daemon_that_exits_by_itself() throws Exception {
        Recorder recorder = new Recorder();
        DaemonProcess daemon = launch(DaemonCommands.of(ExitingDaemon.class, "0", "3"), recorder);

        assertThat(recorder.exitStatus()).isEqualTo(3);
        assertThat(daemon.awaitExit(Duration.ZERO)).isTrue();
        assertThat(daemon.pid()).isPresent();
    }

    @Test
    void should_let_a_daemon_end_by_closing_its_input() throws Exception {
        Recorder recorder = new Recorder();
        DaemonProcess daemon = launch(DaemonCommands.of(LooperDaemon.class), recorder);
        long pid = daemon.pid().orElseThrow();
        boolean aliveBefore = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);

        daemon.closeInput();

        assertThat(aliveBefore).isTrue();
        assertThat(daemon.awaitExit(WAIT)).isTrue();
        assertThat(recorder.exitStatus()).isZero();
    }

    @Test
    void should_kill_the_whole_tree_of_a_daemon_that_ignores_its_closed_input() throws Exception {
        Recorder recorder = new Recorder();
        DaemonProcess daemon = launch(DaemonCommands.of(StubbornDaemon.class), recorder);
        ProcessHandle child = childOf(recorder.nextLine());
        ProcessHandle root = ProcessHandle.of(daemon.pid().orElseThrow()).orElseThrow();

        daemon.closeInput();
        boolean exitedAfterClosing = recorder.exit.isDone();
        daemon.kill().get(WAIT.toSeconds(), TimeUnit.SECONDS);

        assertThat(exitedAfterClosing).isFalse();
        assertThat(child.isAlive()).isFalse();
        assertThat(root.isAlive()).isFalse();
        assertThat(recorder.exitStatus()).isNotZero();
    }

    @Test
    void should_kill_the_child_a_daemon_left_behind_when_it_exited_after_its_input_closed() throws Exception {
        Recorder recorder = new Recorder();
        DaemonProcess daemon = launch(DaemonCommands.of(StubbornDaemon.class, "leaves-child"), recorder);
        ProcessHandle child = childOf(recorder.nextLine());

        daemon.closeInput();
        int status = recorder.exitStatus();
        boolean orphanAlive = child.isAlive();
        daemon.kill().get(WAIT.toSeconds(), TimeUnit.SECONDS);

        assertThat(status).isZero();
        assertThat(orphanAlive).isTrue();
        assertThat(child.isAlive()).isFalse();
    }

    @Test
    void should_start_a_missing_command_which_exits_at_once_with_127() throws Exception {
        Recorder recorder = new Recorder();

        launch("/nonexistent/couchtck-daemon", recorder);

        assertThat(recorder.exitStatus()).isEqualTo(127);
    }

    @Test
    void should_start_a_file_that_is_not_executable_which_exits_at_once_with_126(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("os_daemon_bad_perm.sh"), "#!/bin/sh\nsleep 5\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rw-r--r--"));
        Recorder recorder = new Recorder();

        launch(DaemonCommands.quoted(script.toString()), recorder);

        assertThat(recorder.exitStatus()).isEqualTo(126);
    }

    /** The child a StubbornDaemon announced in its first line. */
    static ProcessHandle childOf(String announcement) {
        String pid = announcement.replaceAll("^\\[\"log\",\"stubborn child (\\d+)\"]$", "$1");
        return ProcessHandle.of(Long.parseLong(pid)).orElseThrow(() -> new AssertionError("no child " + pid));
    }
}
