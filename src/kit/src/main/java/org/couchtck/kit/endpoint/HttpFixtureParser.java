package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;
import org.couchtck.kit.cases.FixtureReader;
import org.couchtck.kit.cases.Conformance;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.check.Matchers;

/**
 * Reads one HTTP fixture file ({@code fixtures/http/<section>.json}) into cases, checking every field as strictly as
 * the query-server corpus: unknown fields, wrong types, bad matchers and variables used before anything binds them
 * are {@link org.couchtck.kit.cases.FixtureException}s naming file, case id and JSON pointer.
 */
final class HttpFixtureParser {

    /** A case as read, with its JSON pointer in the file. */
    record Loaded(HttpCase testCase, String pointer) {
    }

    /** An ini request's path: a section and a key, each without a slash or a query. */
    private static final Pattern INI_PATH = Pattern.compile("/[^/?#]+/[^/?#]+");
    private static final Pattern RECORDING = Pattern.compile("[a-z0-9_-]+(\\.[a-z0-9_-]+)+");
    private static final Pattern METHOD = Pattern.compile("[A-Z]+");
    /** An HTTP header name (RFC 9110 token). */
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    /** Headers that belong to the connection, not the case: the kit's HTTP transport writes or refuses them. */
    static final Set<String> RESTRICTED_HEADERS = Set.of("connection", "content-length", "expect", "host",
            "transfer-encoding", "upgrade");

    private static final Set<String> FILE_FIELDS = Set.of("section", "spec", "cases");
    private static final Set<String> CASE_FIELDS = Set.of("id", "level", "description", "spec", "recording",
            "capabilities", "note", "databases", "names", "users", "steps", "quiet", "cleanup", "profile");
    /** A cleanup request is sent, not judged: it has nothing to expect or capture. */
    private static final Set<String> CLEANUP_STEP_FIELDS = Set.of("request", "after");
    private static final Set<String> REQUEST_STEP_FIELDS = Set.of("request", "expect", "capture", "captureHeaders",
            "poll", "after", "timeout");
    /** The longest wait a step may ask for before it is sent: a case that waits longer is a mistake. */
    static final long MAX_AFTER_MILLIS = 60_000;
    /** The longest a step may let its reply take, where the run's request timeout is too short for it. */
    static final long MAX_TIMEOUT_MILLIS = 300_000;
    private static final Set<String> POLL_FIELDS = Set.of("every", "within");
    private static final Set<String> DURING_STEP_FIELDS = Set.of("request", "expect", "capture", "captureHeaders",
            "after");
    private static final Set<String> FEED_STEP_FIELDS = Set.of("feed", "during", "until", "expect", "capture");
    private static final Set<String> REQUEST_FIELDS = Set.of("method", "path", "headers", "body", "bodyText", "auth",
            "to", "chunked");
    private static final Set<String> FEED_FIELDS = Set.of("kind", "method", "path", "headers", "body", "bodyText",
            "auth");
    private static final Set<String> EXPECT_FIELDS = Set.of("status", "headers", "body", "bodyText");
    private static final Set<String> FEED_EXPECT_FIELDS = Set.of("status", "headers", "events", "heartbeats", "ended",
            "lastSeq", "lastLine", "body", "bodyText", "broken", "anyOf");
    private static final Set<String> UNTIL_FIELDS = Set.of("events", "within");
    /** The members of what a feed step captures from. */
    static final Set<String> FEED_CAPTURE_ROOTS = Set.of("status", "events", "heartbeats", "lastSeq", "lastLine",
            "body");

    private final FixtureReader reader;

    HttpFixtureParser(String file) {
        this.reader = new FixtureReader(file);
    }

    /** The cases of the file, in file order. */
    List<Loaded> parse(String text) {
        return reader.sectionedCases(text, FILE_FIELDS, this::parseCase, Loaded::new);
    }

    private HttpCase parseCase(JsonNode node, String at, String section, String fileSpec) {
        String id = reader.caseId(node, at, "http", section);
        reader.onlyFields(node, at, CASE_FIELDS);
        Level level = reader.level(node, at);
        String description = reader.description(node, at);
        String spec = reader.spec(node, at, fileSpec);
        Optional<String> recording = reader.optionalText(node, at, "recording");
        if (recording.isPresent() && !RECORDING.matcher(recording.get()).matches()) {
            throw reader.problem(at + "/recording", "not a scenario id of shared/couchdb-http (<section>.<name>): '"
                    + recording.get() + "'");
        }
        List<String> capabilities = reader.capabilities(node, at);
        String note = reader.optionalText(node, at, "note").orElse("");
        Set<String> reserved = new LinkedHashSet<>();
        List<String> databases = logicalNames(node, at, "databases", List.of("db"), reserved);
        List<String> names = logicalNames(node, at, "names", List.of(), reserved);
        List<String> users = logicalNames(node, at, "users", List.of(), reserved);
        Scope scope = new Scope(reserved);
        List<HttpStep> steps = steps(node, at, scope);
        List<RequestStep> cleanup = cleanup(node, at, scope);
        requireExternals(capabilities, scope, at);
        HttpCase.Quiet quiet = quiet(node.get("quiet"), at, capabilities);
        Conformance profile;
        try {
            profile = reader.optionalText(node, at, "profile").map(Conformance::parse).orElse(Conformance.COUCHDB);
        } catch (IllegalArgumentException e) {
            throw reader.problem(at + "/profile", e.getMessage());
        }
        return new HttpCase(id, section, level, description, spec, recording, capabilities, note, databases, names,
                users, steps, reader.file(), quiet, cleanup, profile);
    }

    /** {@code quiet}: {@code true} (a quiet server), {@code "externals"} (the Externals API to itself), or false. */
    private HttpCase.Quiet quiet(JsonNode quiet, String at, List<String> capabilities) {
        if (quiet == null || quiet.isBoolean()) {
            return quiet != null && quiet.booleanValue() ? HttpCase.Quiet.SERVER : HttpCase.Quiet.NONE;
        }
        if (!quiet.isTextual() || !quiet.asText().equals("externals")) {
            throw reader.problem(at + "/quiet", "quiet is true, false or \"externals\", got " + quiet);
        }
        if (capabilities.stream().noneMatch(Externals.FEATURES::contains)) {
            throw reader.problem(at + "/quiet", "quiet \"externals\" is for a case that needs an externals.* "
                    + "feature, and this one needs none");
        }
        return HttpCase.Quiet.EXTERNALS;
    }

    /**
     * {@code cleanup}: request steps with at most {@code after}, sent whatever came of the steps; they see every
     * variable the steps may have bound, so they use none that a step captures (it may not have been bound).
     */
    private List<RequestStep> cleanup(JsonNode node, String at, Scope scope) {
        JsonNode list = node.get("cleanup");
        if (list == null) {
            return List.of();
        }
        if (!list.isArray()) {
            throw reader.problem(at + "/cleanup", "cleanup is an array of request steps");
        }
        Scope before = new Scope(scope.reserved);
        List<RequestStep> steps = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String where = at + "/cleanup/" + i;
            JsonNode step = list.get(i);
            reader.requireObject(step, where, "a cleanup step is an object with request (and after)");
            if (!step.has("request")) {
                throw reader.problem(where, "a cleanup step has a request");
            }
            steps.add(requestStep(step, where, i, before, CLEANUP_STEP_FIELDS));
            scope.used.addAll(before.used);
            scope.recipients.addAll(before.recipients);
        }
        return steps;
    }

    /**
     * The capabilities of a case that uses the kit's stand-ins: a request {@code to} the backend or the ini, or a
     * variable of the Externals API, only in a case that says it needs them; and no {@code externals.*} capability
     * that is none of those the kit knows.
     */
    private void requireExternals(List<String> capabilities, Scope scope, String at) {
        for (int i = 0; i < capabilities.size(); i++) {
            String capability = capabilities.get(i);
            if (capability.startsWith("externals.") && !Externals.FEATURES.contains(capability)) {
                throw reader.problem(at + "/capabilities/" + i, "not a feature of the Externals API: '" + capability
                        + "' (known: " + String.join(", ", Externals.FEATURES) + ")");
            }
        }
        boolean backend = scope.recipients.contains(Recipient.BACKEND) || !scope.used.isEmpty();
        if (backend && !capabilities.contains(Externals.BACKEND)) {
            throw reader.problem(at + "/capabilities", "the case uses the kit's backend ("
                    + (scope.used.isEmpty() ? "a request to it" : "{{" + scope.used.iterator().next() + "}}")
                    + "): list " + Externals.BACKEND + " among its capabilities");
        }
        if (scope.recipients.contains(Recipient.INI) && !capabilities.contains(Externals.INI)) {
            throw reader.problem(at + "/capabilities", "the case changes the endpoint's ini: list " + Externals.INI
                    + " among its capabilities");
        }
    }

    /** {@code databases}, {@code names} or {@code users}: distinct lowercase names, none already in {@code reserved}. */
    private List<String> logicalNames(JsonNode node, String at, String field, List<String> absent,
            Set<String> reserved) {
        JsonNode list = node.get(field);
        if (list == null) {
            reserved.addAll(absent);
            return absent;
        }
        if (!list.isArray()) {
            throw reader.problem(at + "/" + field, field + " must be an array of names");
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String where = at + "/" + field + "/" + i;
            JsonNode name = list.get(i);
            if (!name.isTextual() || !Template.NAME.matcher(name.textValue()).matches()) {
                throw reader.problem(where, "a logical database name is lowercase [a-z][a-z0-9_-]*");
            }
            if (!reserved.add(name.textValue())) {
                throw reader.problem(where, "the name '" + name.textValue() + "' is already bound");
            }
            if (Externals.VARIABLES.contains(name.textValue())) {
                throw reader.problem(where, "'" + name.textValue() + "' is a variable of the Externals API");
            }
            names.add(name.textValue());
        }
        return names;
    }

    private List<HttpStep> steps(JsonNode node, String at, Scope scope) {
        JsonNode list = node.get("steps");
        if (list == null || !list.isArray() || list.isEmpty()) {
            throw reader.problem(at + "/steps", "steps must be a non-empty array");
        }
        List<HttpStep> steps = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String where = at + "/steps/" + i;
            JsonNode step = list.get(i);
            reader.requireObject(step, where, "a step is an object with request or feed");
            if (step.has("request") == step.has("feed")) {
                throw reader.problem(where, "a step has exactly one of request and feed");
            }
            steps.add(step.has("feed") ? feedStep(step, where, i, scope)
                    : requestStep(step, where, i, scope, REQUEST_STEP_FIELDS));
        }
        return steps;
    }

    /** The whole number of milliseconds, {@code min} to {@code max}, of {@code node}'s {@code field}; 0 without one. */
    private long millis(JsonNode node, String at, String field, long min, long max) {
        if (!node.has(field)) {
            return 0;
        }
        JsonNode value = node.get(field);
        if (!value.isIntegralNumber() || !value.canConvertToLong() || value.longValue() < min
                || value.longValue() > max) {
            throw reader.problem(at + "/" + field,
                    field + " is a whole number of milliseconds, " + min + " to " + max);
        }
        return value.longValue();
    }

    private RequestStep requestStep(JsonNode node, String at, int index, Scope scope, Set<String> fields) {
        reader.onlyFields(node, at, fields);
        RequestTemplate request = request(node.get("request"), at + "/request", scope, REQUEST_FIELDS);
        ReplyExpectation expect = node.has("expect") ? replyExpectation(node.get("expect"), at + "/expect", scope)
                : ReplyExpectation.NONE;
        long after = millis(node, at, "after", 0, MAX_AFTER_MILLIS);
        long timeout = millis(node, at, "timeout", 1, MAX_TIMEOUT_MILLIS);
        Optional<Poll> poll = node.has("poll") ? Optional.of(poll(node, at)) : Optional.empty();
        Map<String, String> capture = captures(node, at, "capture", scope, this::bodyPointer);
        Map<String, String> captureHeaders = captures(node, at, "captureHeaders", scope, this::captureHeaderName);
        scope.bindAll(capture.keySet());
        scope.bindAll(captureHeaders.keySet());
        scope.bindRevisions();
        return new RequestStep(index, request, expect, capture, captureHeaders, after, poll, timeout);
    }

    /** A step's {@code poll}: {@code every} and {@code within}, positive whole ms, every <= within; needs expect. */
    private Poll poll(JsonNode step, String at) {
        String where = at + "/poll";
        JsonNode node = step.get("poll");
        reader.requireObject(node, where, "poll is an object with every and within (ms)");
        reader.onlyFields(node, where, POLL_FIELDS);
        long every = pollMillis(node, where, "every");
        long within = pollMillis(node, where, "within");
        if (within < every) {
            throw reader.problem(where + "/within", "within (" + within + " ms) is less than every (" + every
                    + " ms): the step could never be sent again");
        }
        if (!step.has("expect")) {
            throw reader.problem(where, "a polling step needs an expect: it is sent again until that holds");
        }
        return new Poll(every, within);
    }

    private long pollMillis(JsonNode node, String at, String field) {
        JsonNode value = node.get(field);
        if (value == null) {
            throw reader.problem(at + "/" + field, "poll needs " + field + " (a positive whole number of ms)");
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong() || value.longValue() <= 0) {
            throw reader.problem(at + "/" + field, field + " is a positive whole number of milliseconds, got "
                    + value);
        }
        return value.longValue();
    }

    private FeedStep feedStep(JsonNode node, String at, int index, Scope scope) {
        reader.onlyFields(node, at, FEED_STEP_FIELDS);
        JsonNode feed = node.get("feed");
        RequestTemplate request = request(feed, at + "/feed", scope, FEED_FIELDS);
        FeedKind kind;
        try {
            kind = FeedKind.parse(reader.requiredText(feed, at + "/feed", "kind"));
        } catch (IllegalArgumentException e) {
            throw reader.problem(at + "/feed/kind", e.getMessage());
        }
        List<RequestStep> during = new ArrayList<>();
        JsonNode list = node.get("during");
        if (list != null) {
            if (!list.isArray()) {
                throw reader.problem(at + "/during", "during is an array of request steps");
            }
            for (int i = 0; i < list.size(); i++) {
                String where = at + "/during/" + i;
                JsonNode step = list.get(i);
                reader.requireObject(step, where, "a during step is an object with request");
                if (!step.has("request")) {
                    throw reader.problem(where, "a during step has a request (feeds do not nest)");
                }
                during.add(requestStep(step, where, i, scope, DURING_STEP_FIELDS));
            }
        }
        FeedUntil until = until(node.get("until"), at + "/until");
        FeedExpectation expect = feedExpectation(node.get("expect"), at + "/expect", scope);
        Map<String, String> capture = captures(node, at, "capture", scope, this::feedPointer);
        scope.bindAll(capture.keySet());
        scope.bindRevisions();
        return new FeedStep(index, kind, request, during, until, expect, capture);
    }

    private RequestTemplate request(JsonNode node, String at, Scope scope, Set<String> fields) {
        reader.requireObject(node, at, "a request is an object with method, path, headers, body or bodyText, auth");
        reader.onlyFields(node, at, fields);
        String method = reader.optionalText(node, at, "method").orElse("GET");
        if (!METHOD.matcher(method).matches()) {
            throw reader.problem(at + "/method", "method is an uppercase HTTP method, got '" + method + "'");
        }
        String path = reader.requiredText(node, at, "path");
        checkPath(path, at + "/path");
        scope.check(path, at + "/path");
        Map<String, String> headers = headers(node.get("headers"), at + "/headers", scope);
        if (node.has("body") && node.has("bodyText")) {
            throw reader.problem(at + "/bodyText", "a request has body or bodyText, not both");
        }
        Optional<JsonNode> body = Optional.ofNullable(node.get("body"));
        body.ifPresent(b -> scope.check(b, at + "/body"));
        Optional<String> bodyText = reader.optionalText(node, at, "bodyText");
        bodyText.ifPresent(b -> scope.check(b, at + "/bodyText"));
        Recipient to = Recipient.ENDPOINT;
        if (node.has("to")) {
            try {
                to = Recipient.parse(reader.requiredText(node, at, "to"));
            } catch (IllegalArgumentException e) {
                throw reader.problem(at + "/to", e.getMessage());
            }
            scope.recipients.add(to);
        }
        boolean chunked = false;
        if (node.has("chunked")) {
            if (!node.get("chunked").isBoolean()) {
                throw reader.problem(at + "/chunked", "chunked is true or false, got " + node.get("chunked"));
            }
            chunked = node.get("chunked").booleanValue();
            if (chunked && !node.has("body") && !node.has("bodyText")) {
                throw reader.problem(at + "/chunked", "a chunked request has a body or bodyText to send in chunks");
            }
        }
        if (to == Recipient.INI) {
            iniRequest(node, at, method, path);
        }
        Auth auth = Auth.ADMIN;
        if (node.has("auth")) {
            if (headers.keySet().stream().anyMatch(h -> h.equalsIgnoreCase("Authorization"))) {
                throw reader.problem(at + "/auth", "an Authorization header and auth exclude each other");
            }
            try {
                auth = Auth.parse(reader.requiredText(node, at, "auth"));
            } catch (IllegalArgumentException e) {
                throw reader.problem(at + "/auth", e.getMessage());
            }
            scope.check(auth.user(), at + "/auth");
            scope.check(auth.password(), at + "/auth");
        }
        return new RequestTemplate(method, path, headers, body, bodyText, auth, to, chunked);
    }

    /** A request to the ini: PUT /section/key with a JSON string, or DELETE /section/key. */
    private void iniRequest(JsonNode node, String at, String method, String path) {
        if (!method.equals("PUT") && !method.equals("DELETE")) {
            throw reader.problem(at + "/method", "a request to the ini is PUT (set a value) or DELETE (remove it)");
        }
        if (!INI_PATH.matcher(path).matches()) {
            throw reader.problem(at + "/path", "a request to the ini has the path /section/key, got '" + path + "'");
        }
        boolean stringBody = node.has("body") && node.get("body").isTextual();
        if (method.equals("PUT") != stringBody || node.has("bodyText")) {
            throw reader.problem(at + "/body", method.equals("PUT") ? "a PUT to the ini has a JSON string body, "
                    + "the value" : "a DELETE to the ini has no body");
        }
        if (node.has("headers") || node.has("auth") || node.has("chunked")) {
            throw reader.problem(at, "a request to the ini has no headers, auth or chunked");
        }
    }

    /** A path must start with {@code /} and, variables aside, be a valid URI path and query. */
    private void checkPath(String path, String at) {
        if (!path.startsWith("/")) {
            throw reader.problem(at, "a path starts with /");
        }
        String plain = Template.VARIABLE.matcher(path).replaceAll("x");
        try {
            URI uri = new URI("http://host" + plain);
            if (uri.getRawFragment() != null) {
                throw reader.problem(at, "a path has no #fragment");
            }
        } catch (URISyntaxException e) {
            throw reader.problem(at, "not a valid path and query (percent-encode it): " + e.getReason() + " at index "
                    + (e.getIndex() - "http://host".length()));
        }
    }

    private Map<String, String> headers(JsonNode node, String at, Scope scope) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (node == null) {
            return headers;
        }
        reader.requireObject(node, at, "headers map header names to strings");
        Set<String> seen = new LinkedHashSet<>();
        for (Map.Entry<String, JsonNode> header : node.properties()) {
            String where = at + "/" + FixtureReader.escape(header.getKey());
            headerName(header.getKey(), where, seen);
            if (RESTRICTED_HEADERS.contains(header.getKey().toLowerCase(Locale.ROOT))) {
                throw reader.problem(where, "the kit's HTTP client sets " + header.getKey() + " itself");
            }
            if (!header.getValue().isTextual()) {
                throw reader.problem(where, "a header value is a string");
            }
            scope.check(header.getValue().textValue(), where);
            headers.put(header.getKey(), header.getValue().textValue());
        }
        return headers;
    }

    /** Checks a header name: a token, not given twice in any case. */
    private void headerName(String name, String at, Set<String> seen) {
        if (!TOKEN.matcher(name).matches()) {
            throw reader.problem(at, "not a header name: '" + name + "'");
        }
        if (!seen.add(name.toLowerCase(Locale.ROOT))) {
            throw reader.problem(at, "header " + name + " is given twice (names are case-insensitive)");
        }
    }

    private ReplyExpectation replyExpectation(JsonNode node, String at, Scope scope) {
        reader.requireObject(node, at, "expect is an object with status, headers, body, bodyText");
        reader.onlyFields(node, at, EXPECT_FIELDS);
        return new ReplyExpectation(expected(node, at, "status", scope), expectedHeaders(node, at, scope),
                expected(node, at, "body", scope), expected(node, at, "bodyText", scope));
    }

    private FeedExpectation feedExpectation(JsonNode node, String at, Scope scope) {
        return feedExpectation(node, at, scope, true);
    }

    private FeedExpectation feedExpectation(JsonNode node, String at, Scope scope, boolean outermost) {
        if (node == null) {
            return new FeedExpectation(Optional.empty(), Map.of(), Optional.empty(), Optional.empty(),
                    Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                    Optional.empty(), List.of());
        }
        reader.requireObject(node, at, "expect is an object (" + String.join(", ", FEED_EXPECT_FIELDS.stream()
                .sorted().toList()) + ")");
        reader.onlyFields(node, at, FEED_EXPECT_FIELDS);
        Optional<FeedEnd> ended = Optional.empty();
        if (node.has("ended")) {
            String text = reader.requiredText(node, at, "ended");
            ended = Optional.of(switch (text) {
                case "server" -> FeedEnd.SERVER;
                case "client" -> FeedEnd.CLIENT;
                default -> throw reader.problem(at + "/ended", "ended is \"server\" or \"client\", got '" + text
                        + "'");
            });
        }
        return new FeedExpectation(expected(node, at, "status", scope), expectedHeaders(node, at, scope),
                expected(node, at, "events", scope), expected(node, at, "heartbeats", scope), ended,
                expected(node, at, "lastSeq", scope), expected(node, at, "lastLine", scope),
                expected(node, at, "body", scope), expected(node, at, "bodyText", scope),
                expected(node, at, "broken", scope), alternatives(node, at, scope, outermost));
    }

    /** {@code anyOf}: two or more feed expectations, themselves without alternatives. */
    private List<FeedExpectation> alternatives(JsonNode node, String at, Scope scope, boolean outermost) {
        JsonNode list = node.get("anyOf");
        if (list == null) {
            return List.of();
        }
        if (!outermost) {
            throw reader.problem(at + "/anyOf", "an alternative of anyOf has no anyOf of its own");
        }
        if (!list.isArray() || list.size() < 2) {
            throw reader.problem(at + "/anyOf", "anyOf is an array of two or more expectations");
        }
        List<FeedExpectation> alternatives = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            alternatives.add(feedExpectation(list.get(i), at + "/anyOf/" + i, scope, false));
        }
        return alternatives;
    }

    private Map<String, Expected> expectedHeaders(JsonNode node, String at, Scope scope) {
        Map<String, Expected> headers = new LinkedHashMap<>();
        JsonNode spec = node.get("headers");
        if (spec == null) {
            return headers;
        }
        String where = at + "/headers";
        reader.requireObject(spec, where, "headers map header names to matchers");
        Set<String> seen = new LinkedHashSet<>();
        for (Map.Entry<String, JsonNode> header : spec.properties()) {
            String headerAt = where + "/" + FixtureReader.escape(header.getKey());
            headerName(header.getKey(), headerAt, seen);
            headers.put(header.getKey(), expected(header.getValue(), headerAt, scope));
        }
        return headers;
    }

    private Optional<Expected> expected(JsonNode node, String at, String field, Scope scope) {
        JsonNode spec = node.get(field);
        return spec == null ? Optional.empty() : Optional.of(expected(spec, at + "/" + field, scope));
    }

    /** A matcher spec: its notation checked with the variables as written, and every variable bound here. */
    private Expected expected(JsonNode spec, String at, Scope scope) {
        reader.matcher(spec, at);
        scope.check(spec, at);
        for (String name : Matchers.boundNames(spec)) {
            if (scope.reserved.contains(name) || Externals.VARIABLES.contains(name)) {
                throw reader.problem(at, "the expectation binds '" + name + "', which names a database of the case "
                        + "or a variable of the Externals API; bind another name");
            }
            scope.revisions.add(name);
        }
        return Expected.of(spec);
    }

    private FeedUntil until(JsonNode node, String at) {
        if (node == null) {
            return FeedUntil.NONE;
        }
        reader.requireObject(node, at, "until is an object with events and/or within");
        reader.onlyFields(node, at, UNTIL_FIELDS);
        OptionalInt events = OptionalInt.empty();
        if (node.has("events")) {
            JsonNode value = node.get("events");
            if (!value.isInt() || value.intValue() <= 0) {
                throw reader.problem(at + "/events", "events is a positive whole number");
            }
            events = OptionalInt.of(value.intValue());
        }
        OptionalLong within = OptionalLong.empty();
        if (node.has("within")) {
            JsonNode value = node.get("within");
            if (!value.isIntegralNumber() || !value.canConvertToLong() || value.longValue() <= 0) {
                throw reader.problem(at + "/within", "within is a positive whole number of milliseconds");
            }
            within = OptionalLong.of(value.longValue());
        }
        return new FeedUntil(events, within);
    }

    /** How a capture's source is checked: a JSON pointer, a header name. */
    private interface CaptureSource {
        void check(String source, String at);
    }

    private Map<String, String> captures(JsonNode node, String at, String field, Scope scope, CaptureSource source) {
        Map<String, String> captures = new LinkedHashMap<>();
        JsonNode spec = node.get(field);
        if (spec == null) {
            return captures;
        }
        String where = at + "/" + field;
        reader.requireObject(spec, where, field + " maps variable names to where their values come from");
        for (Map.Entry<String, JsonNode> capture : spec.properties()) {
            String name = capture.getKey();
            String captureAt = where + "/" + FixtureReader.escape(name);
            if (!Template.NAME.matcher(name).matches()) {
                throw reader.problem(captureAt, "a variable name is lowercase [a-z][a-z0-9_-]*");
            }
            if (scope.reserved.contains(name)) {
                throw reader.problem(captureAt, "'" + name + "' names a database of the case; capture into "
                        + "another name");
            }
            if (Externals.VARIABLES.contains(name)) {
                throw reader.problem(captureAt, "'" + name + "' is a variable of the Externals API; capture into "
                        + "another name");
            }
            if (!capture.getValue().isTextual()) {
                throw reader.problem(captureAt, "the source of a capture is a string");
            }
            source.check(capture.getValue().textValue(), captureAt);
            captures.put(name, capture.getValue().textValue());
        }
        return captures;
    }

    private void bodyPointer(String pointer, String at) {
        try {
            JsonPointer.compile(pointer);
        } catch (IllegalArgumentException e) {
            throw reader.problem(at, "not a JSON pointer: '" + pointer + "'");
        }
    }

    private void captureHeaderName(String name, String at) {
        if (!TOKEN.matcher(name).matches()) {
            throw reader.problem(at, "not a header name: '" + name + "'");
        }
    }

    private void feedPointer(String pointer, String at) {
        bodyPointer(pointer, at);
        String root = JsonPointer.compile(pointer).getMatchingProperty();
        if (root == null || !FEED_CAPTURE_ROOTS.contains(root)) {
            throw reader.problem(at, "a feed captures from " + FEED_CAPTURE_ROOTS.stream().sorted().map(r -> "/" + r)
                    .toList() + ", got '" + pointer + "'");
        }
    }

    /** The names bound at a point of the case: its databases and names, then what earlier steps captured. */
    private final class Scope {
        final Set<String> reserved;
        final Set<String> bound;
        /** The variables of the Externals API ({@link Externals#VARIABLES}) the case uses. */
        final Set<String> used = new LinkedHashSet<>();
        /** The stand-ins ({@code to}) the case sends requests to. */
        final Set<Recipient> recipients = new LinkedHashSet<>();
        /** The names the current step's expectations bind to revisions, bound for the steps after it. */
        final Set<String> revisions = new LinkedHashSet<>();

        Scope(Set<String> reserved) {
            this.reserved = Set.copyOf(reserved);
            this.bound = new LinkedHashSet<>(reserved);
            this.bound.addAll(Externals.VARIABLES);
        }

        void bindAll(Set<String> names) {
            bound.addAll(names);
        }

        /** Binds what the step's {@code $rev}s bind, for the steps after it. */
        void bindRevisions() {
            bound.addAll(revisions);
            revisions.clear();
        }

        /** Every variable in {@code text} is a name, bound here. */
        void check(String text, String at) {
            for (String name : Template.variables(text)) {
                if (!Template.NAME.matcher(name).matches()) {
                    throw reader.problem(at, "'{{" + name + "}}' is not a variable: names are lowercase "
                            + "[a-z][a-z0-9_-]*");
                }
                if (!bound.contains(name)) {
                    throw reader.problem(at, "{{" + name + "}} is not bound here (bound: " + bound + "; a capture "
                            + "binds its name for the steps after it)");
                }
                if (Externals.VARIABLES.contains(name)) {
                    used.add(name);
                }
            }
        }

        /** Every variable in the strings of {@code template} is a name, bound here. */
        void check(JsonNode template, String at) {
            if (template.isTextual()) {
                check(template.textValue(), at);
            } else if (template.isArray()) {
                for (int i = 0; i < template.size(); i++) {
                    check(template.get(i), at + "/" + i);
                }
            } else if (template.isObject()) {
                template.properties().forEach(f -> check(f.getValue(), at + "/"
                        + FixtureReader.escape(f.getKey())));
            }
        }
    }
}
