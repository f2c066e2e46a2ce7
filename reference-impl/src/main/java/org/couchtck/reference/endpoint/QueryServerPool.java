package org.couchtck.reference.endpoint;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Query servers by language, pooled as couch_proc_manager pools them: a request checks one out, uses it, and gives it
 * back; an idle one is reused, a broken one is dropped. JavaScript is the reference server in-process unless
 * {@code COUCHDB_QUERY_SERVER_JAVASCRIPT} names another; every {@code COUCHDB_QUERY_SERVER_<LANG>} adds language
 * {@code <lang>}.
 *
 * <p>The pool also remembers, per process, which design documents (id and revision) it has been sent with {@code
 * ["ddoc","new",id,ddoc]}, as couch_proc_manager keeps a process's ddoc keys: a process is taught a revision once.
 */
final class QueryServerPool implements AutoCloseable {

    /** A language nobody serves: CouchDB's 500 {@code unknown_query_language}. */
    static final class UnknownLanguage extends CouchError {
        UnknownLanguage(String language) {
            super(500, "unknown_query_language", language);
        }
    }

    private static final String ENV_PREFIX = "COUCHDB_QUERY_SERVER_";
    private static final long EXTERNAL_TIMEOUT_MILLIS = 5_000;

    private final Map<String, Supplier<QueryProcess>> starters = new HashMap<>();
    private final Map<String, Deque<QueryProcess>> idle = new HashMap<>();
    private final Map<QueryProcess, Set<String>> taught = new IdentityHashMap<>();
    private boolean closed;

    /** @param environment where {@code COUCHDB_QUERY_SERVER_<LANG>} settings come from (the process environment) */
    QueryServerPool(Map<String, String> environment) {
        starters.put("javascript", QueryProcess::javascript);
        environment.forEach((name, command) -> {
            if (name.startsWith(ENV_PREFIX) && name.length() > ENV_PREFIX.length() && !command.isBlank()) {
                String language = name.substring(ENV_PREFIX.length()).toLowerCase(Locale.ROOT);
                starters.put(language, () -> QueryProcess.external(command, EXTERNAL_TIMEOUT_MILLIS));
            }
        });
    }

    boolean serves(String language) {
        return starters.containsKey(language);
    }

    /** An idle server of the language, or a new one. */
    QueryProcess checkOut(String language) {
        synchronized (this) {
            if (closed) {
                throw new CouchError(500, "os_process_error", "the endpoint is stopping");
            }
            Deque<QueryProcess> free = idle.get(language);
            while (free != null && !free.isEmpty()) {
                QueryProcess process = free.pop();
                if (process.alive()) {
                    return process;
                }
                taught.remove(process);
                process.close();
            }
        }
        Supplier<QueryProcess> starter = Optional.ofNullable(starters.get(language))
                .orElseThrow(() -> new UnknownLanguage(language));
        return starter.get();
    }

    /** Gives a server back; one that broke is closed instead. */
    void checkIn(String language, QueryProcess process) {
        synchronized (this) {
            if (!closed && process.alive()) {
                idle.computeIfAbsent(language, l -> new ArrayDeque<>()).push(process);
                return;
            }
        }
        discard(process);
    }

    /** Stops a checked-out server instead of giving it back, as couch_query_servers stops one a ddoc call failed on. */
    void discard(QueryProcess process) {
        synchronized (this) {
            taught.remove(process);
        }
        process.close();
    }

    /** Whether {@code process} has been sent design document {@code id} at revision {@code rev}. */
    synchronized boolean knows(QueryProcess process, String id, String rev) {
        return taught.getOrDefault(process, Set.of()).contains(id + "@" + rev);
    }

    /**
     * Records that {@code process} has been sent design document {@code id} at revision {@code rev}; it no longer
     * knows any other revision of that id, since a query server keeps one copy per id (as teach_ddoc forgets them).
     */
    synchronized void taught(QueryProcess process, String id, String rev) {
        Set<String> known = taught.computeIfAbsent(process, p -> new HashSet<>());
        known.removeIf(key -> key.startsWith(id + "@"));
        known.add(id + "@" + rev);
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        synchronized (this) {
            idle.values().forEach(d -> d.forEach(QueryProcess::close));
            idle.clear();
            taught.clear();
        }
    }
}
