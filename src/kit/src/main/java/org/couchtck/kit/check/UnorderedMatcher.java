package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** {@code $unordered}: an array whose elements the matchers match one to one, in any order. */
final class UnorderedMatcher implements Matcher {

    private final JsonNode spec;
    private final List<Matcher> elements;

    UnorderedMatcher(JsonNode spec, List<Matcher> elements) {
        this.spec = spec;
        this.elements = List.copyOf(elements);
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        if (actual.isEmpty() || !actual.get().isArray()) {
            String message = "expected an array of " + elements.size() + " (any order), got " + JsonShow.brief(actual);
            return actual.isPresent() && actual.get().isValueNode() ? MatchResult.shapeMismatch("", message)
                    : MatchResult.mismatch("", message);
        }
        JsonNode array = actual.get();
        int n = elements.size();
        if (array.size() != n) {
            return MatchResult.mismatch("", "expected " + n + " elements (any order), got " + array.size() + ": "
                    + JsonShow.brief(array));
        }
        boolean[][] fits = new boolean[n][n];
        for (int a = 0; a < n; a++) {
            boolean any = false;
            for (int m = 0; m < n; m++) {
                fits[a][m] = elements.get(m).match(Optional.of(array.get(a)), scope.fork()).matched();
                any |= fits[a][m];
            }
            if (!any) {
                return MatchResult.mismatch("/" + a, "no expected element matches " + JsonShow.brief(array.get(a)));
            }
        }
        int[] owner = new int[n];
        Arrays.fill(owner, -1);
        for (int a = 0; a < n; a++) {
            if (!assign(a, fits, owner, new boolean[n])) {
                return MatchResult.mismatch("", "the elements cannot be paired one to one with the expected ones: "
                        + JsonShow.brief(array));
            }
        }
        // Each pair fit on its own; matched again together, they keep what they bind, and
        // two that would bind one name two ways do not fit together.
        MatchScope together = scope.fork();
        for (int m = 0; m < n; m++) {
            MatchResult again = elements.get(m).match(Optional.of(array.get(owner[m])), together);
            if (!again.matched()) {
                return again.under(Integer.toString(owner[m]));
            }
        }
        scope.adopt(together);
        return MatchResult.ok();
    }

    /** Kuhn's augmenting path: gives actual element {@code a} a matcher, moving earlier pairings if needed. */
    private static boolean assign(int a, boolean[][] fits, int[] owner, boolean[] visited) {
        for (int m = 0; m < owner.length; m++) {
            if (fits[a][m] && !visited[m]) {
                visited[m] = true;
                if (owner[m] < 0 || assign(owner[m], fits, owner, visited)) {
                    owner[m] = a;
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
