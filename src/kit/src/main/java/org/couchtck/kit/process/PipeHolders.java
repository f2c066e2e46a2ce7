package org.couchtck.kit.process;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the processes that hold a server's standard output open, through {@code /proc} where there is one (Linux). A
 * process a server started and left behind when it exited is no longer among its descendants, yet keeps the kit's end
 * of the pipe from ever seeing the end of output; this is how the kit still finds it. Elsewhere nothing is found.
 */
final class PipeHolders {

    private static final Path PROC = Path.of("/proc");

    private final String pipe;

    private PipeHolders(String pipe) {
        this.pipe = pipe;
    }

    /** The pipe {@code process} writes its standard output to, if {@code /proc} tells. */
    static Optional<PipeHolders> ofStdout(ProcessHandle process) {
        try {
            String target = Files.readSymbolicLink(PROC.resolve(process.pid() + "/fd/1")).toString();
            return target.startsWith("pipe:") ? Optional.of(new PipeHolders(target)) : Optional.empty();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** The live processes other than the kit's own that have the pipe open now. */
    List<ProcessHandle> find() {
        List<ProcessHandle> holders = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(PROC, "[0-9]*")) {
            for (Path process : processes) {
                long pid = Long.parseLong(process.getFileName().toString());
                if (pid != self && holds(process)) {
                    ProcessHandle.of(pid).ifPresent(holders::add);
                }
            }
        } catch (IOException | SecurityException e) {
            // No /proc, or it went away: nothing more to find.
        }
        return holders;
    }

    private boolean holds(Path process) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(process.resolve("fd"))) {
            for (Path fd : fds) {
                if (pipe.equals(readLink(fd))) {
                    return true;
                }
            }
        } catch (IOException | SecurityException e) {
            // Another user's process, or one that just exited.
        }
        return false;
    }

    private static String readLink(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString();
        } catch (IOException e) {
            return "";
        }
    }
}
