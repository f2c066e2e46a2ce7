package org.couchtck.kit.endpoint;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which database of a recording each database of a case run stands for: the executor's
 * {@code couchtck-<run>-<n>-<logical>} and the recording's {@code rec-<section>-<name>-<suffix>}, one to one. A pair is
 * learnt the first time a request naming the case's database matches a recorded request naming the recording's in
 * the same place (normally the request creating it); afterwards the names are swapped both ways: in what the case
 * sends, to compare it with the recording, and in what the recording answers, to give it back to the case.
 */
final class DatabaseNames {

    /** Characters that may continue a database name: an occurrence must not be followed or preceded by one. */
    private static final String NAME_CHAR = "[A-Za-z0-9_$()+-]";
    /** A database name of the recordings, where a case's database stands in a path. */
    private static final String RECORDED_NAME = "(rec[-_][a-z0-9_$()+-]+)";

    /** Executor name to logical name, for every database the case binds. */
    private final Map<String, String> logicalByName = new LinkedHashMap<>();
    /** Executor name to recorded name, as learnt. */
    private final Map<String, String> recordedByName = new LinkedHashMap<>();
    private final Pattern executorNames;

    /** @param namesByLogical logical name to the name the executor gives that database */
    DatabaseNames(Map<String, String> namesByLogical) {
        namesByLogical.forEach((logical, name) -> logicalByName.put(name, logical));
        executorNames = alternation(new ArrayList<>(logicalByName.keySet()));
    }

    /** Whether {@code name} is one of the case's databases. */
    boolean bound(String name) {
        return logicalByName.containsKey(name);
    }

    /** The recorded database {@code name} stands for, once learnt. */
    Optional<String> recorded(String name) {
        return Optional.ofNullable(recordedByName.get(name));
    }

    /** Takes in pairs found by {@link #unify}. */
    void learn(Map<String, String> pairs) {
        recordedByName.putAll(pairs);
    }

    /** Every pair learnt so far, executor name to recorded name. */
    Map<String, String> learnt() {
        return Map.copyOf(recordedByName);
    }

    /**
     * The pairs still to learn for {@code sent} (the case's text) to be {@code recorded} once every database name in it
     * is replaced by its recorded one; empty when the two cannot be made equal. With {@code bySuffix}, a pair is only
     * taken when the recorded name ends in {@code -<logical>} (the recorder's habit), so that position alone does not
     * pair up two unrelated databases while a better match lies ahead.
     */
    Optional<Map<String, String>> unify(String sent, String recorded, boolean bySuffix) {
        StringBuilder regex = new StringBuilder();
        List<String> unknown = new ArrayList<>();
        Matcher m = executorNames.matcher(sent);
        int last = 0;
        while (m.find()) {
            regex.append(Pattern.quote(sent.substring(last, m.start())));
            String known = recordedByName.get(m.group());
            if (known != null) {
                regex.append(Pattern.quote(known));
            } else {
                regex.append(RECORDED_NAME);
                unknown.add(m.group());
            }
            last = m.end();
        }
        regex.append(Pattern.quote(sent.substring(last)));
        Matcher r = Pattern.compile(regex.toString()).matcher(recorded);
        if (!r.matches()) {
            return Optional.empty();
        }
        Map<String, String> pairs = new LinkedHashMap<>();
        for (int i = 0; i < unknown.size(); i++) {
            String name = unknown.get(i);
            String candidate = r.group(i + 1);
            String earlier = pairs.putIfAbsent(name, candidate);
            boolean taken = recordedByName.containsValue(candidate)
                    || pairs.entrySet().stream().anyMatch(p -> p.getValue().equals(candidate)
                            && !p.getKey().equals(name));
            if ((earlier != null && !earlier.equals(candidate)) || taken
                    || (bySuffix && !candidate.endsWith("-" + logicalByName.get(name)))) {
                return Optional.empty();
            }
        }
        return Optional.of(pairs);
    }

    /** {@code text} of the case with every database name learnt (and those in {@code extra}) swapped for the recording's. */
    String toRecorded(String text, Map<String, String> extra) {
        Map<String, String> all = new LinkedHashMap<>(recordedByName);
        all.putAll(extra);
        return swap(text, all);
    }

    /** {@code text} of the recording with every learnt recorded database name swapped for the case's. */
    String toExecutor(String text) {
        Map<String, String> back = new LinkedHashMap<>();
        recordedByName.forEach((name, recorded) -> back.put(recorded, name));
        return swap(text, back);
    }

    private static String swap(String text, Map<String, String> replacements) {
        if (replacements.isEmpty()) {
            return text;
        }
        return alternation(new ArrayList<>(replacements.keySet())).matcher(text)
                .replaceAll(m -> Matcher.quoteReplacement(replacements.get(m.group())));
    }

    /** Any of {@code names} as a whole name (longest first, not inside a longer name). */
    private static Pattern alternation(List<String> names) {
        if (names.isEmpty()) {
            return Pattern.compile("(?!)");
        }
        names.sort(Comparator.comparingInt(String::length).reversed());
        StringBuilder regex = new StringBuilder("(?<!" + NAME_CHAR + ")(?:");
        for (int i = 0; i < names.size(); i++) {
            regex.append(i == 0 ? "" : "|").append(Pattern.quote(names.get(i)));
        }
        return Pattern.compile(regex.append(")(?!").append(NAME_CHAR).append(")").toString());
    }
}
