package org.couchtck.kit.daemons;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.couchtck.kit.daemons.DaemonLine.Kind;

/**
 * What a daemon case judges about its session. Each check looks at the whole session record: every line of every
 * process the session started, what the processes did, and what the HTTP probe found.
 */
public enum DaemonCheck {

    /** Every line is JSON (CouchDB logs and ignores the others). */
    JSON_LINES("json-lines") {
        @Override
        Judgement judge(SessionRecord session) {
            return noLines(session, EnumSet.of(Kind.NOT_JSON, Kind.UNTERMINATED), "not JSON lines", "line");
        }
    },

    /** No line passes the line cap (CouchDB holds a line in memory until its newline, however long). */
    BOUNDED_LINES("bounded-lines") {
        @Override
        Judgement judge(SessionRecord session) {
            if (session.tooLong().isEmpty()) {
                return Judgement.pass();
            }
            SessionRecord.LongLine first = session.tooLong().get(0);
            return Judgement.broken(session.tooLong().size() + " line(s) passed the cap: " + first.bytes()
                    + " bytes without a newline (process " + first.life() + ")");
        }
    },

    /** Every JSON line is a get, register or log request. */
    KNOWN_REQUESTS("known-requests") {
        @Override
        Judgement judge(SessionRecord session) {
            return noLines(session, EnumSet.of(Kind.UNKNOWN_REQUEST), "JSON lines that are no request", "line");
        }
    },

    /** Every get is one CouchDB answers: a section, or a section and a key, as strings. */
    WELL_FORMED_GETS("well-formed-gets") {
        @Override
        Judgement judge(SessionRecord session) {
            if (session.lines().stream().noneMatch(DaemonLine::isGetLike)) {
                return Judgement.notApplicable("the daemon sent no get request");
            }
            return noLines(session, EnumSet.of(Kind.GET_MALFORMED), "malformed gets", "get");
        }
    },

    /** Every log request has a string message and, if any, a level CouchDB knows. */
    WELL_FORMED_LOGS("well-formed-logs") {
        @Override
        Judgement judge(SessionRecord session) {
            if (count(session, Set.of(Kind.LOG, Kind.LOG_MALFORMED)) == 0) {
                return Judgement.notApplicable("the daemon sent no log request");
            }
            return noLines(session, EnumSet.of(Kind.LOG_MALFORMED), "malformed log requests", "log request");
        }
    },

    /** Every register request names a section (and a key) as strings. */
    WELL_FORMED_REGISTERS("well-formed-registers") {
        @Override
        Judgement judge(SessionRecord session) {
            if (count(session, Set.of(Kind.REGISTER, Kind.REGISTER_MALFORMED)) == 0) {
                return Judgement.notApplicable("the daemon sent no register request");
            }
            return noLines(session, EnumSet.of(Kind.REGISTER_MALFORMED), "malformed register requests",
                    "register request");
        }
    },

    /** No get is written while the reply to an earlier one is still pending. */
    GETS_WAIT_FOR_REPLIES("gets-wait-for-replies") {
        @Override
        Judgement judge(SessionRecord session) {
            if (session.lines().stream().filter(DaemonLine::isGet).count() < 2) {
                return Judgement.notApplicable("the daemon sent fewer than two gets: nothing to tell from outside");
            }
            if (session.overlappingGets().isEmpty()) {
                return Judgement.pass();
            }
            return Judgement.broken(session.overlappingGets().size() + " get(s) written before the reply to the one "
                    + "before: " + session.overlappingGets().get(0));
        }
    },

    /** The last process exits on its own within the bound once its standard input closes. */
    EXITS_AT_END_OF_INPUT("exits-at-end-of-input") {
        @Override
        Judgement judge(SessionRecord session) {
            if (session.halted()) {
                return Judgement.notApplicable("CouchDB's rule halted the daemon before the end (see not-halted): "
                        + "no process was left to close");
            }
            Optional<SessionRecord.EndOfInput> end = session.end();
            if (end.isEmpty()) {
                return Judgement.notApplicable("no process was running when the kit closed the input (the last one "
                        + "had just exited on its own)");
            }
            return end.get().exited() ? Judgement.pass() : Judgement.broken(end.get().detail());
        }
    },

    /** No process exits on its own while CouchDB runs. */
    STAYS_RUNNING("stays-running") {
        @Override
        Judgement judge(SessionRecord session) {
            if (session.exits().isEmpty()) {
                return Judgement.pass();
            }
            SessionRecord.Exit first = session.exits().get(0);
            return Judgement.broken("exited on its own " + session.exits().size() + " time(s) while CouchDB ran; "
                    + "first with status " + first.status() + " after " + first.after().toMillis() + " ms");
        }
    },

    /** CouchDB's rule does not halt the daemon: fewer than max_retries exits within retry_time. */
    NOT_HALTED("not-halted") {
        @Override
        Judgement judge(SessionRecord session) {
            if (!session.halted()) {
                return Judgement.pass();
            }
            return Judgement.broken("halted: " + session.exits().size() + " exit(s), " + session.maxRetries()
                    + " of them within " + session.retryTime().toSeconds() + " s (os_daemon_settings max_retries "
                    + session.maxRetries() + ", retry_time " + session.retryTime().toSeconds()
                    + "); statuses " + session.exits().stream().map(e -> Integer.toString(e.status()))
                            .collect(Collectors.joining(", ")));
        }
    },

    /** A daemon given a port answers HTTP on it. */
    SERVES_HTTP_ON_PORT("serves-http-on-port") {
        @Override
        Judgement judge(SessionRecord session) {
            if (session.port().isEmpty()) {
                if (!session.portAskedOf().isEmpty()) {
                    String section = session.portAskedOf().get(0);
                    return Judgement.notApplicable("the daemon asked for the port of [" + section + "], which the "
                            + "configuration has not (the kit puts a free port in the section of the daemon's name: "
                            + "run with --daemon-name " + section + ")");
                }
                return Judgement.notApplicable("the daemon never asked for a port ([\"get\", NAME, \"port\"])");
            }
            SessionRecord.PortGrant port = session.port().get();
            HttpProbe.Result probe = session.http().orElse(new HttpProbe.Result(false,
                    "the session ended before the kit could probe the port", 0));
            return probe.answered() ? Judgement.pass()
                    : Judgement.broken("given port " + port.port() + " (from [" + port.section() + "] port), the "
                            + "daemon did not answer HTTP there: " + probe.detail());
        }
    };

    /**
     * What a check found.
     *
     * @param outcome pass, broken or not applicable
     * @param message why, for broken and not applicable
     */
    public record Judgement(Outcome outcome, String message) {

        /** How a check came out. */
        public enum Outcome { PASS, BROKEN, NOT_APPLICABLE }

        static Judgement pass() {
            return new Judgement(Outcome.PASS, "");
        }

        static Judgement broken(String message) {
            return new Judgement(Outcome.BROKEN, message);
        }

        static Judgement notApplicable(String message) {
            return new Judgement(Outcome.NOT_APPLICABLE, message);
        }
    }

    private final String id;

    DaemonCheck(String id) {
        this.id = id;
    }

    /** The name fixtures use. */
    public String id() {
        return id;
    }

    /** Judges {@code session}, which started. */
    abstract Judgement judge(SessionRecord session);

    /**
     * The check named {@code id}.
     *
     * @throws IllegalArgumentException naming the known checks
     */
    public static DaemonCheck parse(String id) {
        return Arrays.stream(values()).filter(c -> c.id.equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown check '" + id + "' (checks: "
                        + Arrays.stream(values()).map(DaemonCheck::id).collect(Collectors.joining(", ")) + ")"));
    }

    private static long count(SessionRecord session, Set<Kind> kinds) {
        return session.lines().stream().filter(l -> kinds.contains(l.kind())).count();
    }

    private static Judgement noLines(SessionRecord session, Set<Kind> bad, String what, String noun) {
        Predicate<DaemonLine> isBad = line -> bad.contains(line.kind());
        List<DaemonLine> found = session.lines().stream().filter(isBad).toList();
        if (found.isEmpty()) {
            return Judgement.pass();
        }
        DaemonLine first = found.get(0);
        return Judgement.broken(found.size() + " of " + session.lines().size() + " lines are " + what + "; the first "
                + noun + ": " + shorten(first.text()) + " (" + first.why() + ")");
    }

    private static String shorten(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "…";
    }
}
