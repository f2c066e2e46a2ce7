package org.couchtck.kit.daemons;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.couchtck.kit.wire.TranscriptEntry;

/**
 * What happened in one daemon session, for the {@link DaemonCheck checks} to judge.
 *
 * @param startFailure why the daemon could not be started at all; then nothing else happened
 * @param lines every line the daemon's processes wrote, in order
 * @param tooLong the lines that passed the line cap
 * @param exits the exits of processes on their own before the kit closed their input (each made the kit start the
 *     daemon again, as CouchDB does, unless it halted it)
 * @param halted whether CouchDB's rule halted the daemon (max_retries exits within retry_time)
 * @param overlappingGets a get written while the reply to an earlier one was still pending, in words, each
 * @param port the port the daemon was given, when it asked for one the configuration has
 * @param portAskedOf sections the daemon asked the port of that the configuration has no port in
 * @param http what the HTTP probe of the given port found
 * @param end what the last process did once the kit closed its standard input; empty when no process ran then
 * @param transcript every line and event of the session
 * @param maxRetries the halting rule's exits
 * @param retryTime the halting rule's window
 */
public record SessionRecord(Optional<String> startFailure, List<DaemonLine> lines, List<LongLine> tooLong,
        List<Exit> exits, boolean halted, List<String> overlappingGets, Optional<PortGrant> port,
        List<String> portAskedOf, Optional<HttpProbe.Result> http, Optional<EndOfInput> end,
        List<TranscriptEntry> transcript, int maxRetries, Duration retryTime) {

    /** A line that passed the cap: {@code bytes} were read when the kit noticed. */
    public record LongLine(int life, long bytes) {}

    /** A process that exited on its own with {@code status}, {@code after} its start. */
    public record Exit(int life, Instant at, int status, Duration after) {}

    /** The port the kit gave, from {@code section}, at {@code at}. */
    public record PortGrant(String section, int port, Instant at) {}

    /**
     * The end of the session's last process.
     *
     * @param exited whether it exited on its own within the bound
     * @param status its exit status when it did
     * @param took from the closing of its input to its exit, or to the kill
     * @param detail one sentence
     */
    public record EndOfInput(boolean exited, OptionalInt status, Duration took, String detail) {}

    public SessionRecord {
        Objects.requireNonNull(startFailure, "startFailure");
        lines = List.copyOf(lines);
        tooLong = List.copyOf(tooLong);
        exits = List.copyOf(exits);
        overlappingGets = List.copyOf(overlappingGets);
        Objects.requireNonNull(port, "port");
        portAskedOf = List.copyOf(portAskedOf);
        Objects.requireNonNull(http, "http");
        Objects.requireNonNull(end, "end");
        transcript = List.copyOf(transcript);
        Objects.requireNonNull(retryTime, "retryTime");
    }

    /** The record of a daemon that could not be started. */
    static SessionRecord notStarted(String why, List<TranscriptEntry> transcript, int maxRetries,
            Duration retryTime) {
        return new SessionRecord(Optional.of(why), List.of(), List.of(), List.of(), false, List.of(),
                Optional.empty(), List.of(), Optional.empty(), Optional.empty(), transcript, maxRetries, retryTime);
    }
}
