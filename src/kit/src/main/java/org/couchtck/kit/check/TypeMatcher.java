package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.Set;

/** {@code $type}: a value of a JSON type; {@code integer} is a number without a fractional part. */
final class TypeMatcher implements Matcher {

    /** The type names the notation accepts. */
    static final Set<String> TYPES = Set.of("string", "number", "integer", "boolean", "null", "array", "object");

    private final JsonNode spec;
    private final String type;

    TypeMatcher(JsonNode spec, String type) {
        this.spec = spec;
        this.type = type;
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        if (actual.isPresent() && hasType(actual.get())) {
            return MatchResult.ok();
        }
        return MatchResult.mismatch("", "expected a value of type " + type + ", got " + JsonShow.brief(actual));
    }

    private boolean hasType(JsonNode node) {
        return switch (type) {
            case "string" -> node.isTextual();
            case "number" -> node.isNumber();
            case "integer" -> node.isNumber() && JsonNumbers.integral(node);
            case "boolean" -> node.isBoolean();
            case "null" -> node.isNull();
            case "array" -> node.isArray();
            case "object" -> node.isObject();
            default -> false;
        };
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
