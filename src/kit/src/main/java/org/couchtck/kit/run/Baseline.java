package org.couchtck.kit.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;

/**
 * A target's known failures, each with a reason. A listed case that fails is KNOWN and does not fail the run; a
 * listed case that passes is STALE and does fail it, so that baselines never rot.
 *
 * <p>File format: {@code {"known": [{"id": "qs.map_doc.x", "reason": "why"}, ...]}}.
 */
public final class Baseline {

    private final Map<String, String> reasons;
    private final Set<String> intermittent;

    private Baseline(Map<String, String> reasons, Set<String> intermittent) {
        this.reasons = Collections.unmodifiableMap(reasons);
        this.intermittent = Set.copyOf(intermittent);
    }

    /** A baseline that lists nothing. */
    public static Baseline empty() {
        return new Baseline(Map.of(), Set.of());
    }

    /**
     * Reads a baseline file.
     *
     * @throws BaselineException naming the file and what is wrong with it
     */
    public static Baseline read(Path file) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new BaselineException(file + ": not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new BaselineException(file + ": cannot read: " + e.getMessage());
        }
        if (root == null || !root.isObject() || !root.path("known").isArray()) {
            throw new BaselineException(file + ": expected an object with a \"known\" array");
        }
        Map<String, String> reasons = new LinkedHashMap<>();
        Set<String> intermittent = new HashSet<>();
        int index = 0;
        for (Iterator<JsonNode> it = root.get("known").elements(); it.hasNext(); index++) {
            JsonNode entry = it.next();
            String pointer = "/known/" + index;
            if (!entry.path("id").isTextual() || entry.get("id").asText().isBlank()) {
                throw new BaselineException(file + ": " + pointer + ": \"id\" must be a case id");
            }
            if (!entry.path("reason").isTextual() || entry.get("reason").asText().isBlank()) {
                throw new BaselineException(file + ": " + pointer + ": \"reason\" is required: say why it fails");
            }
            if (reasons.put(entry.get("id").asText(), entry.get("reason").asText()) != null) {
                throw new BaselineException(file + ": " + pointer + ": " + entry.get("id").asText()
                        + " is listed twice");
            }
            JsonNode sometimes = entry.path("intermittent");
            if (!sometimes.isMissingNode() && !sometimes.isBoolean()) {
                throw new BaselineException(file + ": " + pointer + ": \"intermittent\" must be true or false");
            }
            if (sometimes.asBoolean(false)) {
                intermittent.add(entry.get("id").asText());
            }
        }
        return new Baseline(reasons, intermittent);
    }

    /** The ids this baseline lists. */
    public Set<String> ids() {
        return reasons.keySet();
    }

    /**
     * The result as the baseline sees it: failures it lists become KNOWN, passes it lists become STALE unless the
     * entry is intermittent.
     */
    public CaseResult apply(CaseResult result) {
        String reason = reasons.get(result.caseId());
        if (reason == null) {
            return result;
        }
        return switch (result.verdict()) {
            case FAIL, WARN, ERROR -> result.withBaseline(Verdict.KNOWN, reason);
            case PASS -> intermittent.contains(result.caseId()) ? result : result.withBaseline(Verdict.STALE, reason);
            default -> result;
        };
    }

    /** A baseline file that cannot be used. */
    public static final class BaselineException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public BaselineException(String message) {
            super(message);
        }
    }
}
