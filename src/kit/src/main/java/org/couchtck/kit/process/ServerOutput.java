package org.couchtck.kit.process;

import java.util.Objects;
import org.couchtck.kit.wire.BoundedLineReader.Line;

/**
 * What {@link StdioServer#receive} saw next on a server's standard output, for protocols where the server speaks first
 * (an OS daemon's requests). Unlike an exchange, silence is no fault here: nothing is killed for it.
 */
public sealed interface ServerOutput permits ServerOutput.Received, ServerOutput.TooLong, ServerOutput.Ended,
        ServerOutput.Silent {

    /** A line (the last one may lack its newline: {@link Line#terminated()}). */
    record Received(Line line) implements ServerOutput {
        public Received {
            Objects.requireNonNull(line, "line");
        }
    }

    /**
     * A line passed the byte cap; its rest is read and dropped, and the line itself is not handed over.
     *
     * @param bytesSoFar how many bytes of it had been read when the cap was passed
     */
    record TooLong(long bytesSoFar) implements ServerOutput {}

    /** The output ended (the server exited or closed it); every later call sees this again. */
    record Ended() implements ServerOutput {}

    /** Nothing came within the wait. */
    record Silent() implements ServerOutput {}
}
