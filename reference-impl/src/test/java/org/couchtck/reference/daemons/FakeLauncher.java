package org.couchtck.reference.daemons;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import org.couchtck.reference.time.VirtualScheduler;

/**
 * Fake daemon processes in virtual time. The first word of a command says how its process behaves, the rest only
 * tells commands apart:
 *
 * <ul>
 *   <li>{@code looper}: exits (status 0) when its input closes, like os_daemon_looper.escript;
 *   <li>{@code exits MILLIS STATUS}: exits with STATUS MILLIS after it started, whatever happens to its input (like
 *       the 2.2.0 shell fixtures that sleep, then exit);
 *   <li>{@code stubborn}: never exits by itself, not even when its input closes;
 *   <li>{@code unstartable}: no process can be started for it.
 * </ul>
 *
 * A killed process exits with 137. Every exit happens on the scheduler (or when the test calls {@link
 * FakeProcess#exit(int)}), never inside a call from the host.
 */
final class FakeLauncher implements DaemonLauncher {

    private final VirtualScheduler scheduler;
    private final List<FakeProcess> launched = new ArrayList<>();
    private long nextPid = 1000;

    FakeLauncher(VirtualScheduler scheduler) {
        this.scheduler = scheduler;
    }

    @Override
    public DaemonProcess launch(String command, DaemonProcess.Listener listener) throws IOException {
        String[] words = command.split(" ");
        if (words[0].equals("unstartable")) {
            throw new IOException("cannot run program \"" + command + "\"");
        }
        FakeProcess process = new FakeProcess(command, nextPid++, listener);
        launched.add(process);
        if (words[0].equals("exits")) {
            process.exitLater(Long.parseLong(words[1]), Integer.parseInt(words[2]));
        }
        return process;
    }

    /** Every process started so far, the first first. */
    List<FakeProcess> launched() {
        return List.copyOf(launched);
    }

    /** The processes started for {@code command}, the first first. */
    List<FakeProcess> launched(String command) {
        return launched.stream().filter(p -> p.command.equals(command)).toList();
    }

    /** The processes alive now. */
    List<FakeProcess> alive() {
        return launched.stream().filter(p -> p.alive).toList();
    }

    /** The latest process started for {@code command}. */
    FakeProcess latest(String command) {
        List<FakeProcess> all = launched(command);
        if (all.isEmpty()) {
            throw new AssertionError("nothing was started for " + command);
        }
        return all.get(all.size() - 1);
    }

    /** One fake daemon process. */
    final class FakeProcess implements DaemonProcess {
        final String command;
        final long pid;
        private final Listener listener;
        boolean alive = true;
        boolean inputClosed;
        /** Whether it was killed while it was still alive. */
        boolean killedAlive;
        final List<String> received = new ArrayList<>();

        FakeProcess(String command, long pid, Listener listener) {
            this.command = command;
            this.pid = pid;
            this.listener = listener;
        }

        /** The daemon writes {@code line}; the host's reply, which the daemon receives unless its input closed. */
        Optional<String> say(String line) {
            if (!alive) {
                throw new IllegalStateException(command + " is not alive");
            }
            Optional<String> reply = listener.line(line);
            if (!inputClosed) {
                reply.ifPresent(received::add);
            }
            return reply;
        }

        void writeUnreadable(String why) {
            listener.unreadable(why);
        }

        /** The process ends now with {@code status}. */
        void exit(int status) {
            if (alive) {
                alive = false;
                listener.exited(status);
            }
        }

        void exitLater(long millis, int status) {
            scheduler.schedule(millis, () -> exit(status));
        }

        @Override
        public OptionalLong pid() {
            return OptionalLong.of(pid);
        }

        @Override
        public void closeInput() {
            if (!inputClosed) {
                inputClosed = true;
                if (command.startsWith("looper") && alive) {
                    exitLater(0, 0);
                }
            }
        }

        @Override
        public boolean awaitExit(Duration timeout) {
            return !alive;
        }

        @Override
        public CompletableFuture<Void> kill() {
            if (alive) {
                killedAlive = true;
                exitLater(0, 137);
            }
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public String toString() {
            return command + "#" + pid + (alive ? "" : " (exited)");
        }
    }
}
