package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A literal object: the same key set (order ignored), each member matched; a member whose matcher allows absence
 * ({@code $absent}, or a {@code $oneOf} holding it) may also be missing. An open one ({@code {"$fields": {...}}})
 * lets the object have other keys besides.
 */
final class ObjectMatcher implements Matcher {

    private final JsonNode spec;
    private final Map<String, Matcher> members;
    private final boolean open;

    ObjectMatcher(JsonNode spec, Map<String, Matcher> members) {
        this(spec, members, false);
    }

    /** @param open whether keys that no member names are allowed */
    ObjectMatcher(JsonNode spec, Map<String, Matcher> members, boolean open) {
        this.spec = spec;
        this.members = new LinkedHashMap<>(members);
        this.open = open;
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        if (actual.isEmpty() || !actual.get().isObject()) {
            String message = "expected an object, got " + JsonShow.brief(actual);
            return actual.isPresent() && actual.get().isValueNode() ? MatchResult.shapeMismatch("", message)
                    : MatchResult.mismatch("", message);
        }
        JsonNode object = actual.get();
        MatchResult first = null;
        for (Map.Entry<String, Matcher> member : members.entrySet()) {
            JsonNode value = object.get(member.getKey());
            if (value == null && AbsentMatcher.allowsMissing(member.getValue())) {
                continue;
            }
            MatchResult result = value == null
                    ? MatchResult.mismatch("", "missing key \"" + member.getKey() + "\" in " + JsonShow.brief(object))
                    : member.getValue().match(Optional.of(value), scope).under(member.getKey());
            if (result.shape()) {
                // a member of another shape says more than any other mismatch: what a server without the thing
                // answers (a text where an object was due)
                return result;
            }
            if (!result.matched() && first == null) {
                first = result;
            }
        }
        if (first != null) {
            return first;
        }
        for (Iterator<String> names = object.fieldNames(); !open && names.hasNext(); ) {
            String name = names.next();
            if (!members.containsKey(name)) {
                return MatchResult.mismatch("/" + name.replace("~", "~0").replace("/", "~1"),
                        "unexpected key \"" + name + "\"");
            }
        }
        return MatchResult.ok();
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
