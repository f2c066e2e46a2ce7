package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.couchtck.kit.wire.WireJson;

/**
 * Removes what runs left on a server: the databases and {@code _users} documents whose names hold
 * {@code couchtck-<runId>-...} (a case's databases and users, the illegal names a wrong server took, a generated
 * workload's databases), which each case deletes after itself but an endpoint that went away, or a run that was
 * interrupted, leaves behind; and the users of fixed names that older kits created ({@code couchtck_databases_*}).
 * {@link #sweepRun} removes one run's, whatever their age, at its end; {@link #sweep} what other runs left: a run's id
 * starts with its start time ({@link #runId}), so only what is older than {@link #MIN_AGE} goes, and another run going
 * on at the same time on a shared server keeps its own.
 */
public final class Leftovers {

    /** Younger leftovers may belong to a run still going on. */
    public static final Duration MIN_AGE = Duration.ofHours(1);

    /** The start time in base 36 (8 digits until 2059, 9 after), then two random base-36 digits. */
    private static final Pattern RUN_NAME = Pattern.compile("couchtck-([0-9a-z]{8,9})([0-9a-z]{2})-[a-z0-9_-]+");
    private static final String USER_PREFIX = "org.couchdb.user:";
    private static final List<String> LEGACY_USERS = List.of("couchtck_databases_admins", "couchtck_databases_reasons",
            "couchtck_databases_security");

    private final EndpointTarget target;
    private final Duration timeout;

    public Leftovers(EndpointTarget target, Duration timeout) {
        this.target = target;
        this.timeout = timeout;
    }

    /** A run id that starts with {@code now}: what a later run's {@link #sweep} goes by. */
    public static String runId(Instant now, int random) {
        String suffix = Integer.toString(Math.floorMod(random, 36 * 36), 36);
        return Long.toString(now.toEpochMilli(), 36) + (suffix.length() == 1 ? "0" + suffix : suffix);
    }

    /** The database run {@code runId} makes for a moment to learn what the endpoint is ({@link EndpointShape}). */
    public static String probeDatabase(String runId) {
        return "couchtck-" + runId + "-0-shape";
    }

    /**
     * Deletes the leftovers older than {@link #MIN_AGE} at {@code now}; best effort: a server that refuses or fails
     * keeps them, and the run goes on.
     *
     * @return what was deleted, one line each
     */
    public List<String> sweep(Instant now) throws InterruptedException {
        return sweep(name -> old(name, now) || LEGACY_USERS.contains(name));
    }

    /**
     * Deletes what run {@code runId} made and left, whatever its age: at the end of that run. Best effort, as
     * {@link #sweep}.
     *
     * @return what was deleted, one line each
     */
    public List<String> sweepRun(String runId) throws InterruptedException {
        return sweep(name -> RUN_NAME.matcher(name).results().anyMatch(m -> (m.group(1) + m.group(2)).equals(runId)));
    }

    private List<String> sweep(java.util.function.Predicate<String> leftover) throws InterruptedException {
        List<String> deleted = new ArrayList<>();
        for (JsonNode db : get("/_all_dbs").orElse(MissingNode.getInstance())) {
            if (db.isTextual() && leftover.test(db.textValue())
                    && ok(send("DELETE", "/" + Template.percentEncoded(db.textValue())))) {
                deleted.add("database " + db.textValue());
            }
        }
        JsonNode users = get("/_users/_all_docs?startkey=%22org.couchdb.user%3Acouchtck%22"
                + "&endkey=%22org.couchdb.user%3Acouchtck%EF%BF%B0%22").orElse(MissingNode.getInstance());
        for (JsonNode row : users.path("rows")) {
            String id = row.path("id").asText();
            String name = id.startsWith(USER_PREFIX) ? id.substring(USER_PREFIX.length()) : "";
            String rev = row.path("value").path("rev").asText();
            if (leftover.test(name) && !rev.isEmpty()
                    && ok(send("DELETE", "/_users/" + Template.percentEncoded(id) + "?rev="
                            + Template.percentEncoded(rev)))) {
                deleted.add("user " + name);
            }
        }
        return deleted;
    }

    /** Whether {@code name} holds the name of a run that started more than {@link #MIN_AGE} before {@code now}. */
    private static boolean old(String name, Instant now) {
        Matcher m = RUN_NAME.matcher(name);
        while (m.find()) {
            Instant started = Instant.ofEpochMilli(Long.parseLong(m.group(1), 36));
            if (started.isBefore(now.minus(MIN_AGE))) {
                return true;
            }
        }
        return false;
    }

    private Optional<JsonNode> get(String path) throws InterruptedException {
        return send("GET", path).filter(reply -> reply.status() == 200).flatMap(reply -> WireJson.tryParse(
                reply.body()));
    }

    private Optional<HttpReply> send(String method, String path) throws InterruptedException {
        try {
            return Optional.of(target.send(target.adminCall(method, path, timeout)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static boolean ok(Optional<HttpReply> reply) {
        return reply.isPresent() && reply.get().status() >= 200 && reply.get().status() < 300;
    }
}
