package org.couchtck.reference.daemons;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A daemon as an operating-system process: its command line run by {@code /bin/sh -c} (CouchDB's ports ran
 * commands through the shell too, so a command that is missing or not executable starts, and exits at once with
 * the shell's 127 or 126). Its standard error goes where the host's goes, as with CouchDB's ports.
 *
 * <p>A thread of its own reads its output and hands each line to the host, then writes the reply back itself: a
 * daemon that stops reading its input blocks only its own reader. Its exit is reported once its output has ended,
 * or a short while after it exited if a process it left behind still holds its output open.
 */
final class OsDaemonProcess implements DaemonProcess {

    private static final Duration OUTPUT_DRAIN = Duration.ofSeconds(2);
    private static final Duration TERM_WAIT = Duration.ofSeconds(2);
    private static final Duration FORCE_WAIT = Duration.ofSeconds(5);

    private final Process process;
    private final OutputStream input;
    private final Executor reaper;
    private final ReentrantLock inputLock = new ReentrantLock();
    private final CountDownLatch outputEnded = new CountDownLatch(1);
    private volatile boolean inputClosed;
    private volatile List<ProcessHandle> seenAtClose = List.of();

    private OsDaemonProcess(Process process, Executor reaper) {
        this.process = process;
        this.input = process.getOutputStream();
        this.reaper = reaper;
    }

    /** Starts {@code command}; lines longer than {@code maxLineBytes} are reported unreadable. */
    static OsDaemonProcess start(String command, Listener listener, int maxLineBytes, Executor reaper)
            throws IOException {
        Process process = new ProcessBuilder(List.of("/bin/sh", "-c", command))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        OsDaemonProcess daemon = new OsDaemonProcess(process, reaper);
        Thread reader = new Thread(() -> daemon.read(listener, maxLineBytes), "couchtck-daemon-" + process.pid());
        reader.setDaemon(true);
        reader.start();
        process.onExit().thenRunAsync(() -> daemon.reportExit(listener), reaper);
        return daemon;
    }

    @Override
    public OptionalLong pid() {
        return OptionalLong.of(process.pid());
    }

    @Override
    public void closeInput() {
        if (inputClosed) {
            return;
        }
        seenAtClose = process.toHandle().descendants().toList();
        inputClosed = true;
        // a write in progress closes the input when it ends
        if (inputLock.tryLock()) {
            try {
                closeQuietly();
            } finally {
                inputLock.unlock();
            }
        }
    }

    @Override
    public boolean awaitExit(Duration timeout) {
        try {
            return process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }

    @Override
    public CompletableFuture<Void> kill() {
        List<ProcessHandle> known = seenAtClose;
        try {
            return CompletableFuture.runAsync(
                    () -> ProcessTree.kill(process.toHandle(), known, TERM_WAIT, FORCE_WAIT), reaper);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(e); // the launcher is closed: its host killed everything already
        }
    }

    private void read(Listener listener, int maxLineBytes) {
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        BoundedLines lines = new BoundedLines(process.getInputStream(), maxLineBytes);
        try {
            BoundedLines.Line line;
            while ((line = lines.next()) != null) {
                if (line.length() > maxLineBytes) {
                    listener.unreadable("a line of " + line.length() + " bytes, over the limit of " + maxLineBytes);
                    continue;
                }
                String text;
                try {
                    text = utf8.decode(ByteBuffer.wrap(line.bytes())).toString();
                } catch (CharacterCodingException e) {
                    listener.unreadable("a line that is not UTF-8 text");
                    continue;
                }
                listener.line(text).ifPresent(this::write);
            }
        } catch (IOException e) {
            // the output broke off: the exit says the rest
        } finally {
            outputEnded.countDown();
        }
    }

    private void reportExit(Listener listener) {
        try {
            outputEnded.await(OUTPUT_DRAIN.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        listener.exited(process.exitValue());
    }

    private void write(String reply) {
        byte[] bytes = (reply + "\n").getBytes(StandardCharsets.UTF_8);
        inputLock.lock();
        try {
            if (!inputClosed) {
                input.write(bytes);
                input.flush();
            }
        } catch (IOException e) {
            // the daemon closed its input or is gone; its exit is reported apart
        } finally {
            if (inputClosed) {
                closeQuietly();
            }
            inputLock.unlock();
        }
    }

    private void closeQuietly() {
        try {
            input.close();
        } catch (IOException e) {
            // a daemon that is gone has nothing left to read
        }
    }
}
