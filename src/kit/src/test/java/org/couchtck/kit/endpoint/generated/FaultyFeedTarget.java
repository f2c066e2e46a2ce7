package org.couchtck.kit.endpoint.generated;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.couchtck.kit.endpoint.BodyPiece;
import org.couchtck.kit.endpoint.EndpointTarget;
import org.couchtck.kit.endpoint.FeedConnection;
import org.couchtck.kit.endpoint.HttpCall;
import org.couchtck.kit.endpoint.ResponseHead;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.WireJson;

/**
 * A broken endpoint for the kit's own tests: the reference endpoint behind a wrapper that edits what the server says,
 * line by line, at the level of the kit's HTTP client.
 */
final class FaultyFeedTarget extends ForwardingTarget {

    /** What the wrapper breaks. */
    enum Fault {
        /** A continuous {@code _changes} feed sends its first change row twice. */
        REPEATS_A_CONTINUOUS_ROW,
        /** A continuous {@code _changes} feed loses the row it sent last before falling quiet (once per feed). */
        DROPS_THE_LAST_CONTINUOUS_ROW,
        /** {@code /_db_updates} never reports a deletion. */
        NO_DELETED_DB_UPDATES,
        /** A normal {@code _changes} feed asked from a seq other than 0 loses its first row. */
        RESUME_LOSES_THE_FIRST_ROW,
        /** The first write of a document in each database is acknowledged but never reaches the server. */
        LOSES_THE_FIRST_WRITE
    }

    /** How long a continuous row is held back before it counts as the last one before the feed fell quiet. */
    private static final long QUIET_MILLIS = 800;
    private static final Pattern DOC_PUT = Pattern.compile("/([a-z][a-z0-9_$()+/-]*?)/([^_/?][^/?]*)");

    private final Fault fault;
    private final Set<String> lostIn = ConcurrentHashMap.newKeySet();

    FaultyFeedTarget(EndpointTarget inner, Fault fault) {
        super(inner);
        this.fault = fault;
    }

    @Override
    public FeedConnection open(HttpCall call) {
        String path = call.path();
        boolean changes = path.contains("/_changes");
        boolean continuous = path.contains("feed=continuous");
        switch (fault) {
            case REPEATS_A_CONTINUOUS_ROW -> {
                if (changes && continuous) {
                    return new Edited(inner.open(call), new Repeat());
                }
            }
            case DROPS_THE_LAST_CONTINUOUS_ROW -> {
                if (changes && continuous) {
                    return new Edited(inner.open(call), new DropLastBeforeQuiet());
                }
            }
            case NO_DELETED_DB_UPDATES -> {
                if (path.startsWith("/_db_updates")) {
                    return new Edited(inner.open(call), new DropDeletions());
                }
            }
            case RESUME_LOSES_THE_FIRST_ROW -> {
                if (changes && !path.contains("feed=") && path.contains("since=") && !path.contains("since=0&")
                        && !path.endsWith("since=0")) {
                    return new Edited(inner.open(call), new DropFirstResult());
                }
            }
            case LOSES_THE_FIRST_WRITE -> {
                Matcher put = DOC_PUT.matcher(path);
                if (call.method().equals("PUT") && put.matches() && lostIn.add(put.group(1))) {
                    return new Fixed(201, "{\"ok\":true,\"id\":\"" + put.group(2) + "\",\"rev\":\"1-"
                            + "0123456789abcdef0123456789abcdef\"}\n");
                }
            }
            default -> throw new IllegalStateException(fault.name());
        }
        return inner.open(call);
    }

    /** Edits a body line by line; may hold a line back until a deadline. */
    private interface Editor {
        /** What to send for {@code line} (without its newline). */
        List<String> line(String line);

        /** When a held-back line is due to be decided; empty when none is held. */
        default Optional<Instant> holdUntil() {
            return Optional.empty();
        }

        /** The hold ran out: what to send now. */
        default List<String> quiet() {
            return List.of();
        }

        /** The body ended: what to send still. */
        default List<String> end() {
            return List.of();
        }
    }

    private static final class Repeat implements Editor {
        boolean done;

        @Override
        public List<String> line(String line) {
            if (!done && line.startsWith("{\"seq\"")) {
                done = true;
                return List.of(line, line);
            }
            return List.of(line);
        }
    }

    private static final class DropLastBeforeQuiet implements Editor {
        String held;
        Instant heldUntil;
        boolean dropped;

        @Override
        public List<String> line(String line) {
            if (dropped || !line.startsWith("{\"seq\"")) {
                return List.of(line);
            }
            List<String> out = new ArrayList<>();
            if (held != null) {
                out.add(held);
            }
            held = line;
            heldUntil = Instant.now().plusMillis(QUIET_MILLIS);
            return out;
        }

        @Override
        public Optional<Instant> holdUntil() {
            return held == null ? Optional.empty() : Optional.of(heldUntil);
        }

        @Override
        public List<String> quiet() {
            held = null;
            dropped = true;
            return List.of();
        }

        @Override
        public List<String> end() {
            return held == null ? List.of() : List.of(held);
        }
    }

    private static final class DropDeletions implements Editor {
        @Override
        public List<String> line(String line) {
            return line.matches(".*\"type\"\\s*:\\s*\"deleted\".*") ? List.of() : List.of(line);
        }
    }

    /** Takes the whole body and sends it back without its first result. */
    private static final class DropFirstResult implements Editor {
        final StringBuilder body = new StringBuilder();

        @Override
        public List<String> line(String line) {
            body.append(line).append('\n');
            return List.of();
        }

        @Override
        public List<String> end() {
            try {
                JsonNode json = WireJson.parse(body.toString());
                if (json.path("results").isArray() && json.get("results").size() > 0) {
                    ((ArrayNode) json.get("results")).remove(0);
                    return List.of(WireJson.write(json));
                }
            } catch (MalformedLineException e) {
                // not JSON: as it was
            }
            return List.of(body.toString().stripTrailing());
        }
    }

    /** A connection whose body goes through an {@link Editor}. */
    private static final class Edited implements FeedConnection {
        final FeedConnection inner;
        final Editor editor;
        final ByteArrayOutputStream partial = new ByteArrayOutputStream();
        final ArrayDeque<BodyPiece> ready = new ArrayDeque<>();
        BodyPiece last;

        Edited(FeedConnection inner, Editor editor) {
            this.inner = inner;
            this.editor = editor;
        }

        @Override
        public Optional<ResponseHead> awaitHead(Instant deadline) throws IOException, InterruptedException {
            return inner.awaitHead(deadline);
        }

        @Override
        public BodyPiece next(Instant deadline) throws InterruptedException {
            while (true) {
                if (!ready.isEmpty()) {
                    BodyPiece piece = ready.poll();
                    if (piece.last()) {
                        last = piece;
                    }
                    return piece;
                }
                if (last != null) {
                    return last;
                }
                Optional<Instant> hold = editor.holdUntil();
                Instant until = hold.filter(h -> h.isBefore(deadline)).orElse(deadline);
                BodyPiece piece = inner.next(until);
                switch (piece.kind()) {
                    case DATA -> {
                        partial.writeBytes(piece.bytes());
                        send(lines());
                    }
                    case TIMEOUT -> {
                        if (hold.isPresent() && !Instant.now().isBefore(hold.get())) {
                            send(editor.quiet());
                        } else if (!Instant.now().isBefore(deadline)) {
                            return piece;
                        }
                    }
                    default -> {
                        List<String> rest = new ArrayList<>();
                        if (partial.size() > 0) {
                            rest.addAll(editor.line(partial.toString(StandardCharsets.UTF_8)));
                            partial.reset();
                        }
                        rest.addAll(editor.end());
                        send(rest);
                        ready.add(piece);
                    }
                }
            }
        }

        private List<String> lines() {
            byte[] bytes = partial.toByteArray();
            List<String> out = new ArrayList<>();
            int start = 0;
            for (int i = 0; i < bytes.length; i++) {
                if (bytes[i] == '\n') {
                    out.addAll(editor.line(new String(bytes, start, i - start, StandardCharsets.UTF_8)));
                    start = i + 1;
                }
            }
            partial.reset();
            partial.write(bytes, start, bytes.length - start);
            return out;
        }

        private void send(List<String> lines) {
            if (!lines.isEmpty()) {
                StringBuilder text = new StringBuilder();
                lines.forEach(line -> text.append(line).append('\n'));
                ready.add(BodyPiece.data(text.toString().getBytes(StandardCharsets.UTF_8)));
            }
        }

        @Override
        public void close() {
            inner.close();
        }
    }

    /** A reply the wrapper makes up without asking the server. */
    private static final class Fixed implements FeedConnection {
        final int status;
        final ArrayDeque<BodyPiece> pieces = new ArrayDeque<>();
        BodyPiece last;

        Fixed(int status, String body) {
            this.status = status;
            pieces.add(BodyPiece.data(body.getBytes(StandardCharsets.UTF_8)));
            pieces.add(BodyPiece.end());
        }

        @Override
        public Optional<ResponseHead> awaitHead(Instant deadline) {
            return Optional.of(new ResponseHead(status, HttpHeaders.of(Map.of("Content-Type",
                    List.of("application/json")), (name, value) -> true), Instant.now()));
        }

        @Override
        public BodyPiece next(Instant deadline) {
            if (last != null) {
                return last;
            }
            BodyPiece piece = pieces.poll();
            if (piece.last()) {
                last = piece;
            }
            return piece;
        }

        @Override
        public void close() {
            last = BodyPiece.closed();
        }
    }
}
