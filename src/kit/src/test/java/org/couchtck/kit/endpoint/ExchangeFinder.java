package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.WireJson;

/**
 * Finds the recorded exchange a sent request stands for: the first candidate with the same method, the same path once
 * database names are swapped (seqs and revisions come back verbatim: the case captured them from recorded replies),
 * the same Authorization, the same other headers and the same body. When none is, it describes the nearest candidate
 * and what differs.
 */
final class ExchangeFinder {

    /** A bare database path with the recorder's {@code ?q=N}. */
    private static final Pattern CREATE_WITH_Q = Pattern.compile("(/[^/?]+)\\?q=(\\d+)");
    private static final int SHOWN = 160;

    private ExchangeFinder() {
    }

    /**
     * A match.
     *
     * @param exchange the recorded exchange
     * @param learnt database pairs this match teaches
     * @param tolerated what the match overlooked (a {@code ?q=N} the recorder added to a database's creation)
     */
    record Found(RecordedExchange exchange, Map<String, String> learnt, Optional<String> tolerated) {
    }

    /** How {@code sent} compares with one exchange. */
    private record Comparison(RecordedExchange exchange, List<String> differences, Map<String, String> learnt,
            Optional<String> tolerated, int closeness, int commonPrefix) {

        boolean matches() {
            return differences.isEmpty();
        }
    }

    /**
     * The first of {@code candidates} (in order) that {@code sent} matches. Database pairs are first only learnt for
     * recorded names ending in the logical name, then from position alone.
     */
    static Optional<Found> first(SentRequest sent, List<RecordedExchange> candidates, DatabaseNames names) {
        for (boolean bySuffix : new boolean[] {true, false}) {
            for (RecordedExchange exchange : candidates) {
                Comparison c = compare(sent, exchange, names, bySuffix);
                if (c.matches()) {
                    return Optional.of(new Found(exchange, c.learnt(), c.tolerated()));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Why {@code sent} matches none of {@code candidates}: the nearest one and what differs, and, when it matches one
     * of {@code passed} (exchanges the replay already went past), that one.
     */
    static String nearest(SentRequest sent, List<RecordedExchange> candidates, List<RecordedExchange> passed,
            DatabaseNames names) {
        StringBuilder text = new StringBuilder();
        Optional<Comparison> best = candidates.stream().map(e -> compare(sent, e, names, false))
                .max(Comparator.comparingInt(Comparison::closeness).thenComparingInt(Comparison::commonPrefix)
                        .thenComparing(c -> -c.exchange().index()));
        if (best.isEmpty()) {
            text.append("no recorded exchange is left to match");
        } else {
            text.append("nearest recorded exchange ").append(best.get().exchange().shown()).append(": ")
                    .append(String.join("; ", best.get().differences()));
        }
        Optional<Found> behind = first(sent, passed, names);
        behind.ifPresent(found -> text.append("; it would match ").append(found.exchange().shown())
                .append(", which the replay already went past (the recording sent it before an exchange the case"
                        + " sent earlier, and the replay never goes back)"));
        return text.toString();
    }

    private static Comparison compare(SentRequest sent, RecordedExchange exchange, DatabaseNames names,
            boolean bySuffix) {
        List<String> differences = new ArrayList<>();
        if (!sent.method().equals(exchange.method())) {
            differences.add("method " + exchange.method() + " recorded, " + sent.method() + " sent");
            return new Comparison(exchange, differences, Map.of(), Optional.empty(), 0, 0);
        }
        Optional<String> tolerated = Optional.empty();
        Optional<Map<String, String>> learnt = names.unify(sent.path(), exchange.path(), bySuffix);
        Matcher withQ = CREATE_WITH_Q.matcher(exchange.path());
        if (learnt.isEmpty() && sent.method().equals("PUT") && sent.path().indexOf('?') < 0 && withQ.matches()) {
            learnt = names.unify(sent.path(), withQ.group(1), bySuffix);
            if (learnt.isPresent()) {
                tolerated = Optional.of("the database was created without the recording's ?q=" + withQ.group(2));
            }
        }
        if (learnt.isEmpty()) {
            String mapped = names.toRecorded(sent.path(), Map.of());
            differences.add("path " + exchange.path() + " recorded, " + mapped + " sent" + (mapped.equals(sent.path())
                    ? "" : " (with the recording's database names)"));
            return new Comparison(exchange, differences, Map.of(), Optional.empty(), 1,
                    commonPrefix(mapped, exchange.path()));
        }
        String auth = SentRequest.recordedAuth(exchange);
        if (!auth.equals(names.toRecorded(sent.auth(), learnt.get()))) {
            differences.add("sent as " + sent.auth() + ", recorded as " + auth);
        }
        Map<String, String> recordedHeaders = SentRequest.recordedHeaders(exchange);
        for (String name : new TreeSet<>(union(recordedHeaders.keySet(), sent.headers().keySet()))) {
            String recorded = recordedHeaders.get(name);
            String given = sent.headers().get(name);
            String mapped = given == null ? null : names.toRecorded(given, learnt.get());
            if (recorded == null || mapped == null || !recorded.equals(mapped)) {
                differences.add("header " + name + ": " + (recorded == null ? "none" : recorded) + " recorded, "
                        + (given == null ? "none" : given) + " sent");
            }
        }
        body(sent, exchange, names, learnt.get()).ifPresent(differences::add);
        return new Comparison(exchange, differences, learnt.get(), tolerated, 2 + (differences.isEmpty() ? 1 : 0),
                exchange.path().length());
    }

    private static Optional<String> body(SentRequest sent, RecordedExchange exchange, DatabaseNames names,
            Map<String, String> learnt) {
        if (exchange.body().isEmpty()) {
            return sent.body().map(b -> "the case sends a body (" + cut(b) + "), the recording sent none");
        }
        JsonNode recorded = exchange.body().get();
        String recordedText = exchange.bodyVerbatim() ? recorded.asText() : WireJson.write(recorded);
        if (sent.body().isEmpty()) {
            return Optional.of("the recording sent a body (" + cut(recordedText) + "), the case none");
        }
        String given = names.toRecorded(sent.body().get(), learnt);
        String compared = given;
        if (!exchange.bodyVerbatim()) {
            try {
                compared = WireJson.write(WireJson.parse(given));
            } catch (MalformedLineException e) {
                compared = given;
            }
        }
        return compared.equals(recordedText) ? Optional.empty()
                : Optional.of("body " + cut(recordedText) + " recorded, " + cut(given) + " sent");
    }

    private static TreeSet<String> union(Iterable<String> a, Iterable<String> b) {
        TreeSet<String> all = new TreeSet<>();
        a.forEach(all::add);
        b.forEach(all::add);
        return all;
    }

    private static int commonPrefix(String a, String b) {
        int n = 0;
        while (n < a.length() && n < b.length() && a.charAt(n) == b.charAt(n)) {
            n++;
        }
        return n;
    }

    private static String cut(String text) {
        return text.length() <= SHOWN ? text : text.substring(0, SHOWN - 3) + "...";
    }
}
