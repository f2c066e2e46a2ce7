package org.couchtck.kit.cases;

import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The couchjs recordings in the shared folder named by the system property couchtck.shared.dir. */
final class SharedTranscripts {

    static final List<String> BUILDS = List.of("couchjs-quickjs", "couchjs-sm102");
    private static final ObjectMapper JSON = new ObjectMapper();

    private SharedTranscripts() {
    }

    static Path root() {
        String dir = System.getProperty("couchtck.shared.dir");
        if (dir == null || dir.isBlank()) {
            return fail("system property couchtck.shared.dir is not set: it must name the shared folder holding "
                    + "couchjs-transcripts/ (the kit pom sets it)");
        }
        Path transcripts = Path.of(dir).resolve("couchjs-transcripts");
        if (!Files.isDirectory(transcripts.resolve("sessions"))) {
            return fail("no couchjs recordings at " + transcripts.toAbsolutePath()
                    + " (couchtck.shared.dir=" + dir + ")");
        }
        return transcripts;
    }

    static Path sessionsDir() {
        return root().resolve("sessions");
    }

    static JsonNode session(String id) {
        try {
            return JSON.readTree(sessionsDir().resolve(id + ".json").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The exact lines one build was sent in a session ({@code >> } lines of raw/BUILD/ID.txt), in order; skipped
     * input lines have none.
     */
    static List<String> sentLines(String build, String id) {
        try {
            String text = Files.readString(root().resolve("raw").resolve(build).resolve(id + ".txt"),
                    StandardCharsets.UTF_8);
            List<String> sent = new ArrayList<>();
            for (String line : text.split("\n", -1)) {
                if (line.startsWith(">> ")) {
                    sent.add(line.substring(3));
                }
            }
            return sent;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
