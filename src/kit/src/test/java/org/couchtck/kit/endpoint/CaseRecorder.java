package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;
import org.couchtck.kit.wire.WireJson;

/**
 * Records what a real CouchDB answers to built-in HTTP cases, in the format of {@code shared/couchdb-http} (one
 * scenario a case), so that the kit's tests replay the cases against CouchDB's own answers
 * ({@link HttpCorpusAcceptsCouchDbTest}) where no shared recording exists. A case is recorded only when it passes
 * against the server (a recording backs a case, it does not decide it) and has no feed step (feeds are streams, whose
 * chunks this recorder does not keep), and when it names no recording of {@code shared/couchdb-http}. The case's
 * databases and users become {@code rec-<name>-<logical>}, its
 * credentials the recordings' symbols ({@code admin}, {@code bad}, {@code user:<name>}).
 *
 * <p>Run from the kit's test classpath: {@code CaseRecorder http://admin:admin@127.0.0.1:5984 OUT_DIR GLOB...}; each
 * scenario goes to {@code OUT_DIR/<section>-own/<section>-own.<case name>.json}.
 */
public final class CaseRecorder {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String RUN_ID = "recorder";
    private static final Pattern CASE_NAME = Pattern.compile("couchtck-" + RUN_ID + "-[0-9]+-([a-z0-9_-]+)");
    private static final Set<String> DROPPED_HEADERS = Set.of("date", "server");
    private static final Set<String> OMITTED_HEADERS = Set.of("x-couch-request-id", "x-couchdb-body-time");

    private CaseRecorder() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: CaseRecorder ENDPOINT_URL OUT_DIR CASE_GLOB...");
            System.exit(2);
        }
        URI uri = URI.create(args[0]);
        Path out = Path.of(args[1]);
        List<Pattern> globs = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            globs.add(Pattern.compile(args[i].replace(".", "\\.").replace("*", ".*")));
        }
        try (HttpEndpoint endpoint = HttpEndpoint.of(uri, Duration.ofSeconds(10))) {
            Credentials admin = endpoint.adminCredentials().orElseThrow();
            int number = 0;
            for (HttpCase testCase : HttpCorpus.builtIn().cases()) {
                boolean wanted = globs.stream().anyMatch(g -> g.matcher(testCase.id()).matches());
                boolean hasFeed = testCase.steps().stream().anyMatch(s -> s instanceof FeedStep);
                boolean recorded = testCase.recording().isPresent()
                        && !testCase.recording().get().equals(scenarioId(testCase));
                if (!wanted || hasFeed || recorded) {
                    continue;
                }
                Recording recording = new Recording(endpoint);
                HttpCaseExecutor executor = new HttpCaseExecutor(recording, HttpRunSettings.of(RUN_ID));
                CaseResult result = executor.run(testCase);
                number++;
                if (result.verdict() != Verdict.PASS) {
                    System.out.println("not recorded (" + result.verdict() + "): " + testCase.id() + ": "
                            + result.message());
                    continue;
                }
                String id = scenarioId(testCase);
                ObjectNode scenario;
                try {
                    scenario = recording.scenario(id, testCase, admin);
                } catch (Unrecordable e) {
                    System.out.println("not recorded: " + testCase.id() + ": " + e.getMessage());
                    continue;
                }
                Path file = out.resolve(id.substring(0, id.indexOf('.'))).resolve(id + ".json");
                Files.createDirectories(file.getParent());
                Files.writeString(file, WireJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(scenario)
                        + "\n");
                System.out.println("recorded " + testCase.id() + " as " + id + " (" + number + ")");
            }
        }
    }

    /** The scenario id a recorded case names: {@code <section>-own.<case name>}. */
    static String scenarioId(HttpCase testCase) {
        String name = testCase.id().substring(testCase.id().lastIndexOf('.') + 1);
        return testCase.section() + "-own." + name;
    }

    /** A case whose requests the replay could not match to a recording. */
    private static final class Unrecordable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unrecordable(String message) {
            super(message);
        }
    }

    /** Sends through the endpoint and keeps every exchange, with its times since the first. */
    private static final class Recording implements EndpointTarget {

        private record Exchange(long tMs, long tEndMs, HttpCall call, HttpReply reply) {}

        private final HttpEndpoint endpoint;
        private final List<Exchange> exchanges = new ArrayList<>();
        private final Instant start = Instant.now();

        Recording(HttpEndpoint endpoint) {
            this.endpoint = endpoint;
        }

        @Override
        public URI baseUri() {
            return endpoint.baseUri();
        }

        @Override
        public Optional<Credentials> adminCredentials() {
            return endpoint.adminCredentials();
        }

        @Override
        public FeedConnection open(HttpCall call) {
            throw new UnsupportedOperationException("the recorder keeps whole replies only: " + call.path());
        }

        @Override
        public HttpReply send(HttpCall call, java.util.function.Predicate<ResponseHead> wrong)
                throws IOException, InterruptedException {
            long sent = millis();
            HttpReply reply = endpoint.send(call, wrong);
            exchanges.add(new Exchange(sent, millis(), call, reply));
            return reply;
        }

        private long millis() {
            return Duration.between(start, Instant.now()).toMillis();
        }

        ObjectNode scenario(String id, HttpCase testCase, Credentials admin) {
            String name = id.substring(id.indexOf('.') + 1);
            ObjectNode root = NODES.objectNode();
            root.put("id", id);
            root.put("section", id.substring(0, id.indexOf('.')));
            root.put("description", "recorded for " + testCase.id() + ": " + testCase.description());
            root.put("couchdb", "3.5.2");
            root.put("recorded_at", start.toString());
            ArrayNode list = root.putArray("exchanges");
            for (Exchange e : exchanges) {
                ObjectNode exchange = list.addObject();
                exchange.put("t_ms", e.tMs());
                exchange.put("thread", "main");
                exchange.put("label", renamed(label(e.call()), name));
                ObjectNode request = exchange.putObject("request");
                request.put("method", e.call().method());
                request.put("path", renamed(e.call().path(), name));
                ObjectNode headers = request.putObject("headers");
                headers.put("Authorization", auth(e.call(), admin, name));
                e.call().headers().stream().filter(h -> !h.name().equalsIgnoreCase("Authorization"))
                        .forEach(h -> headers.put(h.name(), renamed(h.value(), name)));
                e.call().body().ifPresent(body -> {
                    String text = renamed(body, name);
                    Optional<JsonNode> json = WireJson.tryParse(text);
                    if (json.isPresent() && WireJson.write(json.get()).equals(text)) {
                        request.set("body", json.get());
                    } else {
                        request.put("body", text);
                        request.put("body_sent_verbatim", true);
                    }
                });
                ObjectNode response = exchange.putObject("response");
                response.put("status", e.reply().status());
                ObjectNode responseHeaders = response.putObject("headers");
                e.reply().headers().map().forEach((header, values) -> {
                    String lower = header.toLowerCase(Locale.ROOT);
                    if (DROPPED_HEADERS.contains(lower)) {
                        return;
                    }
                    responseHeaders.put(canonical(header), OMITTED_HEADERS.contains(lower) ? "(omitted)"
                            : renamed(String.join(", ", values), name));
                });
                String body = renamed(e.reply().body(), name);
                Optional<JsonNode> json = WireJson.tryParse(body);
                response.put("body_kind", json.isPresent() ? "json" : body.isEmpty() ? "none" : "text");
                if (json.isPresent()) {
                    response.set("body", json.get());
                } else if (!body.isEmpty()) {
                    response.put("body", body);
                }
                response.put("body_raw", body);
                response.put("t_end_ms", e.tEndMs());
            }
            return root;
        }

        private static String label(HttpCall call) {
            if (call.path().matches("/couchtck-" + RUN_ID + "-[0-9]+-[a-z0-9_-]+")) {
                return call.method().equals("PUT") ? "setup: create database"
                        : call.method().equals("DELETE") ? "teardown: delete database" : call.method() + " database";
            }
            return call.method() + " " + call.path();
        }

        /** The recordings' symbol of who the request was sent as ({@link SentRequest}'s, with the case's names). */
        private static String auth(HttpCall call, Credentials admin, String name) {
            String symbol;
            try {
                symbol = SentRequest.symbolicAuth(call.header("Authorization"), admin);
            } catch (IllegalArgumentException e) {
                symbol = "other:";
            }
            if (symbol.startsWith("other:")) {
                // the replay matches requests by these symbols: a raw header of the case's own has none
                throw new Unrecordable("an Authorization header of the case's own: " + call.header("Authorization")
                        .orElse(""));
            }
            return renamed(symbol, name);
        }

        private static String renamed(String text, String name) {
            Matcher m = CASE_NAME.matcher(text);
            return m.replaceAll(r -> Matcher.quoteReplacement("rec-" + name + "-" + r.group(1)));
        }


        private static String canonical(String header) {
            StringBuilder out = new StringBuilder();
            boolean upper = true;
            for (char c : header.toCharArray()) {
                out.append(upper ? Character.toUpperCase(c) : c);
                upper = c == '-';
            }
            return out.toString().replace("Etag", "ETag").replace("Couchdb", "CouchDB").replace("-Id", "-ID");
        }
    }
}
