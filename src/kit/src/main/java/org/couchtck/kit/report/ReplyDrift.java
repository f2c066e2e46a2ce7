package org.couchtck.kit.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Optional;
import org.couchtck.kit.check.CaseResult;

/**
 * A case whose verdict held but whose replies changed between two runs: the first reply that differs, where in it,
 * and both versions. Only cases whose requests were the same in both runs are compared (generated cases with another
 * seed are not), and what differs between any two runs of one target is taken out first ({@link
 * ComparableTranscript}).
 *
 * @param caseId the case
 * @param reply which reply differs, from 1
 * @param path where in that reply, as a JSON path ({@code $} for the whole reply)
 * @param before the earlier run's reply (JSON text)
 * @param after the later run's reply (JSON text)
 */
public record ReplyDrift(String caseId, int reply, String path, String before, String after) {

    /** What comparing one case's replies found. */
    enum Outcome { SAME, DRIFTED, INPUTS_DIFFER }

    /** The outcome of comparing {@code before} and {@code after}, and the drift when there is one. */
    record Check(Outcome outcome, Optional<ReplyDrift> drift) {}

    static Check between(CaseResult before, CaseResult after) {
        ComparableTranscript earlier = ComparableTranscript.of(before);
        ComparableTranscript later = ComparableTranscript.of(after);
        if (!earlier.sent().equals(later.sent())) {
            return new Check(Outcome.INPUTS_DIFFER, Optional.empty());
        }
        int replies = Math.max(earlier.replies().size(), later.replies().size());
        for (int i = 0; i < replies; i++) {
            JsonNode then = i < earlier.replies().size() ? earlier.replies().get(i) : null;
            JsonNode now = i < later.replies().size() ? later.replies().get(i) : null;
            if (then == null || now == null) {
                return drifted(after.caseId(), i, "$", then, now);
            }
            Optional<String> path = firstDifference(then, now, "$");
            if (path.isPresent()) {
                return drifted(after.caseId(), i, path.get(), then, now);
            }
        }
        return new Check(Outcome.SAME, Optional.empty());
    }

    private static Check drifted(String caseId, int index, String path, JsonNode then, JsonNode now) {
        return new Check(Outcome.DRIFTED, Optional.of(new ReplyDrift(caseId, index + 1, path,
                then == null ? "(no reply)" : then.toString(), now == null ? "(no reply)" : now.toString())));
    }

    /** Where {@code a} and {@code b} first differ; key order does not count, array order does. */
    static Optional<String> firstDifference(JsonNode a, JsonNode b, String path) {
        if (a.isObject() && b.isObject()) {
            for (Iterator<String> names = a.fieldNames(); names.hasNext();) {
                String name = names.next();
                String child = path + "." + name;
                if (!b.has(name)) {
                    return Optional.of(child);
                }
                Optional<String> inner = firstDifference(a.get(name), b.get(name), child);
                if (inner.isPresent()) {
                    return inner;
                }
            }
            for (Iterator<String> names = b.fieldNames(); names.hasNext();) {
                String name = names.next();
                if (!a.has(name)) {
                    return Optional.of(path + "." + name);
                }
            }
            return Optional.empty();
        }
        if (a.isArray() && b.isArray()) {
            for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                Optional<String> inner = firstDifference(a.get(i), b.get(i), path + "[" + i + "]");
                if (inner.isPresent()) {
                    return inner;
                }
            }
            return a.size() == b.size() ? Optional.empty() : Optional.of(path + "[" + Math.min(a.size(), b.size()) + "]");
        }
        return a.equals(b) ? Optional.empty() : Optional.of(path);
    }
}
