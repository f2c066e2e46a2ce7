package org.couchtck.kit.endpoint.generated;

import java.util.List;
import org.couchtck.kit.wire.Transcript;
import org.couchtck.kit.wire.TranscriptEntry;

/**
 * The kit could not run a generated example at all: the endpoint is unreachable, never answered, or refused the
 * example's database. Nothing to judge: the case is ERROR, and no shrinking is tried; what the example exchanged until
 * then is the case's transcript.
 */
final class EndpointUnavailable extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient List<TranscriptEntry> transcript;

    EndpointUnavailable(String message) {
        this(message, new Transcript());
    }

    /** @param transcript what the example exchanged until the kit gave up */
    EndpointUnavailable(String message, Transcript transcript) {
        super(message, null, false, false);
        this.transcript = transcript.entries();
    }

    List<TranscriptEntry> transcript() {
        return transcript;
    }
}
