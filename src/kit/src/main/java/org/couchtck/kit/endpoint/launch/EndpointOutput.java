package org.couchtck.kit.endpoint.launch;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.couchtck.kit.process.SupervisedProcess;
import org.couchtck.kit.wire.Direction;
import org.couchtck.kit.wire.Transcript;

/**
 * A launched endpoint's output (its log on standard output and error, and what the kit saw of its process), shown in
 * the transcript of every case that runs while it is written: the lines that came while a case ran are that case's
 * evidence, whichever of the cases running together caused them. Each transcript keeps at most {@link #MAX_LINES}.
 */
final class EndpointOutput implements SupervisedProcess.OutputLines {

    /** Enough for a case's own requests and its neighbours', and a crash's stack trace. */
    static final int MAX_LINES = 400;

    private final Map<Transcript, AtomicInteger> shownTo = new ConcurrentHashMap<>();

    @Override
    public void line(Direction direction, String text) {
        shownTo.forEach((transcript, count) -> {
            int n = count.incrementAndGet();
            if (n <= MAX_LINES) {
                transcript.add(direction, direction == Direction.EVENT ? "endpoint: " + text : text);
            } else if (n == MAX_LINES + 1) {
                transcript.add(Direction.EVENT, "endpoint: further output of the endpoint is not kept here ("
                        + MAX_LINES + " lines were)");
            }
        });
    }

    /** Shows the output in {@code transcript} until the returned handle closes. */
    AutoCloseable showTo(Transcript transcript) {
        shownTo.put(transcript, new AtomicInteger());
        return () -> shownTo.remove(transcript);
    }
}
