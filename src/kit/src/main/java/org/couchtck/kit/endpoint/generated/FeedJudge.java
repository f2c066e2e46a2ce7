package org.couchtck.kit.endpoint.generated;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.couchtck.kit.generate.Counterexample;

/**
 * The four feed properties, judged from one {@link WorkloadOutcome}. Seqs are opaque: the judges compare them only
 * for equality, and rely only on the order in which the server gave them. A document's changes are recognised by
 * their revisions (the feeds are read with style=all_docs, so that every write, a losing conflict branch too, leaves
 * a different set of leaf revisions), and compared with what the replies to its writer said, in the order they came.
 */
final class FeedJudge {

    /** How many further problems the message names after the first. */
    private static final int MORE_SHOWN = 3;

    private FeedJudge() {}

    /** One broken expectation. */
    private record Finding(String message, String expected, String actual, int line) {}

    /** How {@code outcome} breaks the property {@code id} ({@link FeedSuites}), if it does. */
    static Optional<Counterexample> judge(String id, WorkloadOutcome outcome) {
        List<Finding> findings = new ArrayList<>();
        outcome.silent().ifPresent(why -> findings.add(new Finding("the endpoint stopped answering: " + why,
                "a reply to every request", "(no reply)", -1)));
        switch (id) {
            case FeedSuites.NO_LOST_WRITES -> noLostWrites(outcome, findings);
            case FeedSuites.CONTINUOUS_ORDER -> {
                stream(outcome, outcome.reader(ReaderKind.CONTINUOUS), findings);
                stream(outcome, outcome.reader(ReaderKind.EVENTSOURCE), findings);
            }
            case FeedSuites.RESUME -> resume(outcome, findings);
            case FeedSuites.DB_UPDATES -> dbUpdates(outcome, findings);
            default -> throw new IllegalArgumentException("not a generated feed case: " + id);
        }
        if (findings.isEmpty()) {
            return Optional.empty();
        }
        Finding first = findings.get(0);
        StringBuilder message = new StringBuilder(first.message());
        if (findings.size() > 1) {
            message.append(" (and ").append(findings.size() - 1).append(" more: ");
            findings.stream().skip(1).limit(MORE_SHOWN).forEach(f -> message.append(f.message()).append("; "));
            message.setLength(message.length() - 2);
            message.append(findings.size() - 1 > MORE_SHOWN ? "; …)" : ")");
        }
        List<String> lines = outcome.workload().lines();
        return Optional.of(new Counterexample(message.toString(), first.expected(), first.actual(), lines,
                first.line() >= 0 && first.line() < lines.size() ? first.line() : lines.size() - 1));
    }

    // ---- http.generated-feeds.no-lost-writes

    private static void noLostWrites(WorkloadOutcome outcome, List<Finding> findings) {
        for (WorkloadOutcome.Refusal refusal : outcome.refusals()) {
            if (!refusal.database()) {
                findings.add(new Finding("a write was not acknowledged: " + refusal.text(),
                        "201/202 (200 for a delete) with the new rev", refusal.text(), refusal.line()));
            }
        }
        finalFeed(outcome, outcome.mainOnly(), false, findings);
        finalFeed(outcome, outcome.allDocs(), true, findings);
    }

    /** The normal feed from 0 after the workload: every document once, at its last acknowledged state. */
    private static void finalFeed(WorkloadOutcome outcome, WorkloadOutcome.Feed feed, boolean allLeaves,
            List<Finding> findings) {
        String name = "GET " + feed.request();
        if (feed.problem().isPresent()) {
            findings.add(new Finding(feed.problem().get(), "200 with results", feed.problem().get(), -1));
            return;
        }
        repeatedSeqs(name, feed.rows(), findings);
        Map<String, List<ChangeRow>> byId = new LinkedHashMap<>();
        for (ChangeRow row : feed.rows()) {
            byId.computeIfAbsent(row.id(), k -> new ArrayList<>()).add(row);
            DocHistory doc = outcome.docs().get(row.id());
            if (doc == null || doc.uncertainty().isEmpty() && doc.last().isEmpty()) {
                findings.add(new Finding(name + " has a row for " + row.id() + ", which no acknowledged write "
                        + "wrote: " + row.shown(), "no row", row.shown(), -1));
            }
        }
        for (DocHistory doc : outcome.docs().values()) {
            if (doc.uncertainty().isPresent() || doc.last().isEmpty()) {
                continue;
            }
            DocHistory.Version last = doc.last().get();
            List<ChangeRow> rows = byId.getOrDefault(doc.id(), List.of());
            String expected = allLeaves ? "leaves " + last.leaves() : "rev " + last.winner();
            expected += last.deleted() ? ", deleted" : "";
            if (rows.isEmpty()) {
                findings.add(new Finding(name + " has no row for " + doc.id() + ", whose last acknowledged write "
                        + "left " + expected, "a row for " + doc.id() + ": " + expected, "(none)", last.line()));
                continue;
            }
            if (rows.size() > 1) {
                findings.add(new Finding(name + " has " + rows.size() + " rows for " + doc.id() + ": "
                        + rows.stream().map(ChangeRow::shown).toList(), "one row", rows.size() + " rows",
                        last.line()));
            }
            ChangeRow row = rows.get(rows.size() - 1);
            boolean revsRight = allLeaves ? row.revs().equals(last.leaves())
                    : row.revs().equals(Set.of(last.winner()));
            if (!revsRight || row.deleted() != last.deleted()) {
                findings.add(new Finding(name + " shows " + row.shown() + ", but the last acknowledged write of "
                        + doc.id() + " left " + expected + describeVersion(doc, row), expected, row.shown(),
                        last.line()));
            }
        }
    }

    // ---- http.generated-feeds.continuous-order (and the readers of http.generated-feeds.resume)

    /**
     * What one reader got: no seq twice, no change of a document twice, a document's changes in the order they were
     * acknowledged and only states it had, and by the end each document's last acknowledged state.
     */
    private static void stream(WorkloadOutcome outcome, ReaderLog log, List<Finding> findings) {
        String name = "the " + log.kind().id() + " feed";
        for (String problem : log.problems()) {
            findings.add(new Finding(name + ": " + problem, "a working feed", problem, -1));
        }
        List<ChangeRow> rows = log.rows();
        repeatedSeqs(name, rows, findings);
        Map<String, Integer> lastVersion = new HashMap<>();
        Map<String, Integer> lastRow = new HashMap<>();
        Map<Integer, Set<String>> perResponse = new HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            ChangeRow row = rows.get(i);
            if (!log.kind().streaming() && !perResponse.computeIfAbsent(row.response(), k -> new HashSet<>())
                    .add(row.id())) {
                findings.add(new Finding(name + ": reply " + row.response() + " has " + row.id() + " twice (row "
                        + i + ": " + row.shown() + ")", "each document once per reply", row.shown(), -1));
            }
            DocHistory doc = outcome.docs().get(row.id());
            if (doc == null) {
                findings.add(new Finding(name + " row " + i + " is about " + row.id() + ", which nobody wrote: "
                        + row.shown(), "rows of the workload's documents", row.shown(), -1));
                continue;
            }
            if (doc.uncertainty().isPresent()) {
                continue;
            }
            int version = doc.versionOf(row.revs());
            if (version < 0) {
                findings.add(new Finding(name + " row " + i + " shows " + row.shown() + ", revisions "
                        + row.id() + " never had" + acknowledged(doc), "one of the acknowledged states of "
                        + row.id(), row.shown(), doc.last().map(DocHistory.Version::line).orElse(-1)));
                continue;
            }
            DocHistory.Version state = doc.versions().get(version);
            if (row.deleted() != state.deleted()) {
                findings.add(new Finding(name + " row " + i + " shows " + row.shown() + (row.deleted()
                        ? " as deleted, but its winner " + state.winner() + " is not"
                        : " without deleted: true, but its winner " + state.winner() + " is a deletion"),
                        "deleted: " + state.deleted(), "deleted: " + row.deleted(), state.line()));
            }
            Integer before = lastVersion.get(row.id());
            if (before != null && version == before) {
                findings.add(new Finding(name + " repeated a change: row " + i + " (" + row.shown()
                        + ") is the change row " + lastRow.get(row.id()) + " delivered already",
                        "each change once", row.shown(), state.line()));
            } else if (before != null && version < before) {
                findings.add(new Finding(name + " went back: row " + i + " (" + row.shown() + ") shows the state of "
                        + "workload line " + state.line() + " after row " + lastRow.get(row.id()) + " showed the "
                        + "later state of line " + doc.versions().get(before).line(), "changes in write order",
                        row.shown(), state.line()));
            }
            lastVersion.put(row.id(), version);
            lastRow.put(row.id(), i);
        }
        if (!log.problems().isEmpty()) {
            return;
        }
        for (DocHistory doc : outcome.docs().values()) {
            if (doc.uncertainty().isPresent() || doc.last().isEmpty()) {
                continue;
            }
            DocHistory.Version last = doc.last().get();
            int lastIndex = doc.versions().size() - 1;
            Integer seen = lastVersion.get(doc.id());
            if (seen == null || seen != lastIndex) {
                String actual = seen == null ? "no row for " + doc.id()
                        : "its last row (" + lastRow.get(doc.id()) + ") shows " + rows.get(lastRow.get(doc.id()))
                                .shown();
                findings.add(new Finding(name + " skipped a change: within " + outcome.settle().toMillis()
                        + " ms after the last write it never showed the last acknowledged state of " + doc.id()
                        + " (leaves " + last.leaves() + ", written at workload line " + last.line() + "); " + actual,
                        "a row with leaves " + last.leaves(), actual, last.line()));
            }
        }
    }

    // ---- http.generated-feeds.resume

    private static void resume(WorkloadOutcome outcome, List<Finding> findings) {
        stream(outcome, outcome.reader(ReaderKind.LONGPOLL), findings);
        stream(outcome, outcome.reader(ReaderKind.NORMAL), findings);
        for (WorkloadOutcome.Resume resume : outcome.resumes()) {
            String name = "GET " + resume.feed().request() + " (" + resume.point().describe() + ")";
            if (resume.feed().problem().isPresent()) {
                findings.add(new Finding(resume.feed().problem().get(), "200 with results",
                        resume.feed().problem().get(), -1));
                continue;
            }
            repeatedSeqs(name, resume.feed().rows(), findings);
            Map<String, ChangeRow> got = new LinkedHashMap<>();
            for (ChangeRow row : resume.feed().rows()) {
                if (got.put(row.id(), row) != null) {
                    findings.add(new Finding(name + " has " + row.id() + " twice", "each document once",
                            row.shown(), -1));
                }
                DocHistory doc = outcome.docs().get(row.id());
                if (doc == null || doc.uncertainty().isPresent() || doc.last().isEmpty()) {
                    continue;
                }
                DocHistory.Version last = doc.last().get();
                if (!row.revs().equals(last.leaves())) {
                    findings.add(new Finding(name + " shows " + row.shown() + ", not the last acknowledged state of "
                            + row.id() + " (leaves " + last.leaves() + ")", "leaves " + last.leaves(), row.shown(),
                            last.line()));
                }
            }
            // What the resumed feed must have: every document the same reader showed after the seq, and every
            // document written after the reader had the seq (the server gave that seq before the write came).
            List<ChangeRow> readerRows = outcome.reader(resume.point().reader()).rows();
            Map<String, String> required = new LinkedHashMap<>();
            for (int i = resume.position() + 1; i < readerRows.size(); i++) {
                required.putIfAbsent(readerRows.get(i).id(), "the " + resume.point().reader().id() + " feed showed "
                        + "it after that seq, in row " + i);
            }
            for (DocHistory doc : outcome.docs().values()) {
                for (DocHistory.Version version : doc.versions()) {
                    if (version.sentAt() > resume.seqAt()) {
                        required.putIfAbsent(doc.id(), "workload line " + version.line() + " wrote it "
                                + (version.sentAt() - resume.seqAt()) / 1_000_000 + " ms after the reader had that "
                                + "seq");
                        break;
                    }
                }
            }
            for (Map.Entry<String, String> need : required.entrySet()) {
                DocHistory doc = outcome.docs().get(need.getKey());
                if (doc == null || doc.uncertainty().isPresent() || doc.last().isEmpty()) {
                    continue;
                }
                if (!got.containsKey(need.getKey())) {
                    findings.add(new Finding(name + " misses " + need.getKey() + ", which changed after that seq: "
                            + need.getValue(), "a row for " + need.getKey(), "(none; rows for "
                            + got.keySet() + ")", doc.last().get().line()));
                }
            }
        }
    }

    // ---- http.generated-feeds.db-updates

    private static void dbUpdates(WorkloadOutcome outcome, List<Finding> findings) {
        for (WorkloadOutcome.Refusal refusal : outcome.refusals()) {
            if (refusal.database()) {
                findings.add(new Finding("a database operation was not acknowledged: " + refusal.text(),
                        "201/202 for a creation, 200/202 for a deletion", refusal.text(), refusal.line()));
            }
        }
        ReaderLog log = outcome.reader(ReaderKind.DB_UPDATES);
        for (String problem : log.problems()) {
            findings.add(new Finding("/_db_updates: " + problem, "a working /_db_updates feed", problem, -1));
        }
        if (!log.problems().isEmpty()) {
            return;
        }
        List<ReaderLog.DbEvent> events = log.events();
        for (WorkloadOutcome.ExtraDatabase extra : outcome.databases()) {
            if (extra.created()) {
                missing(extra.name(), "created", extra.createdLine(), events, outcome, findings);
            }
            if (extra.deleted()) {
                missing(extra.name(), "deleted", extra.deletedLine(), events, outcome, findings);
            }
        }
    }

    private static void missing(String database, String type, int line, List<ReaderLog.DbEvent> events,
            WorkloadOutcome outcome, List<Finding> findings) {
        if (events.stream().anyMatch(e -> e.database().equals(database) && e.type().equals(type))) {
            return;
        }
        List<String> own = events.stream().filter(e -> e.database().equals(database)).map(ReaderLog.DbEvent::type)
                .toList();
        findings.add(new Finding("/_db_updates never reported " + database + " as " + type + " (within "
                + outcome.settle().toMillis() + " ms after the last write; its events: " + own + ")",
                "{\"db_name\": \"" + database + "\", \"type\": \"" + type + "\"}", "events " + own, line));
    }

    // ---- shared

    private static void repeatedSeqs(String name, List<ChangeRow> rows, List<Finding> findings) {
        Map<JsonNode, Integer> seen = new HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            ChangeRow row = rows.get(i);
            if (row.seq().isNull()) {
                continue;
            }
            Integer earlier = seen.putIfAbsent(row.seq(), i);
            if (earlier != null) {
                findings.add(new Finding(name + " gave seq " + ChangeRow.sinceText(row.seq()) + " twice: rows "
                        + earlier + " and " + i + " (" + row.shown() + ")", "each seq once", row.shown(), -1));
            }
        }
    }

    private static String acknowledged(DocHistory doc) {
        return " (its acknowledged states: " + doc.versions().stream().map(v -> v.leaves().toString()).toList() + ")";
    }

    private static String describeVersion(DocHistory doc, ChangeRow row) {
        int version = doc.versionOf(row.revs());
        return version >= 0 ? " (the row shows the state after workload line " + doc.versions().get(version).line()
                + ")" : "";
    }
}
