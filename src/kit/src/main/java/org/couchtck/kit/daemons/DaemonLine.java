package org.couchtck.kit.daemons;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.WireJson;

/**
 * One line an OS daemon wrote, and what CouchDB 2.2.0 makes of it ({@code couch_os_daemons:handle_info} and
 * {@code handle_port_message}, with config 1.0.4's {@code config:get}).
 *
 * @param life which process of the session wrote it, from 0 (the kit restarts a daemon that exits, as CouchDB does)
 * @param at when the kit read it
 * @param text the line without its newline (invalid UTF-8 shows as U+FFFD)
 * @param kind what CouchDB does with it
 * @param json the line as JSON, when it is JSON
 * @param why for the kinds CouchDB does not take as a good request: what is wrong, in a few words
 * @param afterClose whether the kit had closed the daemon's standard input before the line came
 */
public record DaemonLine(int life, Instant at, String text, Kind kind, Optional<JsonNode> json, String why,
        boolean afterClose) {

    /** What CouchDB does with a line. */
    public enum Kind {
        /** {@code ["get", Section]}: answered with the section as an object of strings. */
        GET_SECTION,
        /** {@code ["get", Section, Key]}: answered with the value as a string, or null. */
        GET_KEY,
        /**
         * A {@code get} CouchDB cannot answer as asked: another length is an invalid request (logged, no reply ever
         * comes); a section or key that is no string makes {@code config:get} fail with {@code function_clause}, which
         * stops the daemon manager (every daemon is killed and started again), except arrays only, which it looks up
         * as Erlang strings and answers {@code {}} or {@code null}.
         */
        GET_MALFORMED,
        /** {@code ["register", Section]} or {@code ["register", Section, Key]} with strings: no reply. */
        REGISTER,
        /** A {@code register} of another shape: logged as an invalid request, no restart on config changes. */
        REGISTER_MALFORMED,
        /** {@code ["log", Msg]} or {@code ["log", Msg, {"level": debug|info|error}]} with a string message. */
        LOG,
        /** A {@code log} CouchDB logs as an error instead (a message that is no string, an unknown level, ...). */
        LOG_MALFORMED,
        /** JSON that is no request: logged as "Daemon ~p made invalid request", ignored. */
        UNKNOWN_REQUEST,
        /** Not JSON (or not UTF-8): logged as "Ignoring OS daemon request", ignored. */
        NOT_JSON,
        /** The last output without its newline: CouchDB keeps it in its buffer and never reads it as a line. */
        UNTERMINATED
    }

    public DaemonLine {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(json, "json");
        why = why == null ? "" : why;
    }

    /** Whether the line is a get CouchDB answers. */
    public boolean isGet() {
        return kind == Kind.GET_SECTION || kind == Kind.GET_KEY;
    }

    /** Whether the line is a get, well-formed or not. */
    public boolean isGetLike() {
        return isGet() || kind == Kind.GET_MALFORMED;
    }

    /** The section of an answerable get. */
    public String section() {
        return json.orElseThrow().get(1).textValue();
    }

    /** The key of a {@link Kind#GET_KEY} get. */
    public String key() {
        return json.orElseThrow().get(2).textValue();
    }

    /**
     * Classifies one line.
     *
     * @param validUtf8 whether its bytes were UTF-8 (jiffy refuses any other bytes)
     * @param terminated whether it ended with a newline
     */
    public static DaemonLine classify(int life, Instant at, String text, boolean validUtf8, boolean terminated,
            boolean afterClose) {
        if (!terminated) {
            return new DaemonLine(life, at, text, Kind.UNTERMINATED, Optional.empty(),
                    "output ended without a newline after it", afterClose);
        }
        if (!validUtf8) {
            return new DaemonLine(life, at, text, Kind.NOT_JSON, Optional.empty(), "not UTF-8", afterClose);
        }
        JsonNode json;
        try {
            json = WireJson.parse(text);
        } catch (MalformedLineException e) {
            return new DaemonLine(life, at, text, Kind.NOT_JSON, Optional.empty(), e.getMessage(), afterClose);
        }
        Verdict verdict = request(json);
        return new DaemonLine(life, at, text, verdict.kind, Optional.of(json), verdict.why, afterClose);
    }

    private record Verdict(Kind kind, String why) {}

    private static Verdict request(JsonNode json) {
        if (!json.isArray() || json.isEmpty()) {
            return new Verdict(Kind.UNKNOWN_REQUEST, "not an array with a command first");
        }
        JsonNode command = json.get(0);
        String name = command.isTextual() ? command.textValue() : "";
        return switch (name) {
            case "get" -> get(json);
            case "register" -> register(json);
            case "log" -> log(json);
            default -> new Verdict(Kind.UNKNOWN_REQUEST, "no command " + WireJson.write(command)
                    + " (CouchDB knows get, register and log)");
        };
    }

    private static Verdict get(JsonNode json) {
        if (json.size() != 2 && json.size() != 3) {
            return new Verdict(Kind.GET_MALFORMED, "a get of " + json.size()
                    + " elements is an invalid request: no reply ever comes");
        }
        boolean allArrays = true;
        for (int i = 1; i < json.size(); i++) {
            allArrays &= json.get(i).isArray();
        }
        for (int i = 1; i < json.size(); i++) {
            if (!json.get(i).isTextual()) {
                String what = (i == 1 ? "section " : "key ") + WireJson.write(json.get(i)) + " is no string: ";
                return new Verdict(Kind.GET_MALFORMED, what + (allArrays
                        ? "config:get looks it up as an Erlang string and answers as if nothing were configured"
                        : "config:get crashes CouchDB's daemon manager, which kills and restarts every daemon"));
            }
        }
        return new Verdict(json.size() == 2 ? Kind.GET_SECTION : Kind.GET_KEY, "");
    }

    private static Verdict register(JsonNode json) {
        boolean strings = json.size() >= 2 && json.size() <= 3;
        for (int i = 1; strings && i < json.size(); i++) {
            strings = json.get(i).isTextual();
        }
        return strings ? new Verdict(Kind.REGISTER, "")
                : new Verdict(Kind.REGISTER_MALFORMED, "not [\"register\", Section] or [\"register\", Section, Key]"
                        + " with strings: an invalid request, so config changes never restart the daemon");
    }

    private static Verdict log(JsonNode json) {
        if (json.size() != 2 && json.size() != 3) {
            return new Verdict(Kind.LOG_MALFORMED, "a log of " + json.size() + " elements is an invalid request");
        }
        if (json.size() == 3 && !json.get(2).isObject()) {
            return new Verdict(Kind.LOG_MALFORMED, "the options " + WireJson.write(json.get(2))
                    + " are no object: an invalid request");
        }
        if (!json.get(1).isTextual()) {
            return new Verdict(Kind.LOG_MALFORMED, "the message " + WireJson.write(json.get(1))
                    + " is no string: logged as an invalid log message");
        }
        if (json.size() == 3 && json.get(2).has("level")) {
            JsonNode level = json.get(2).get("level");
            boolean known = level.isTextual() && switch (level.textValue()) {
                case "debug", "info", "error" -> true;
                default -> false;
            };
            if (!known) {
                return new Verdict(Kind.LOG_MALFORMED, "level " + WireJson.write(level)
                        + " is not debug, info or error: logged as an invalid log level");
            }
        }
        return new Verdict(Kind.LOG, "");
    }
}
