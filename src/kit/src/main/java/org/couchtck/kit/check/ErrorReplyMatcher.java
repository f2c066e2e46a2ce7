package org.couchtck.kit.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** {@code $error} and {@code $fatal}: a three-element {@code [tag, id, reason]} reply, id and reason matched. */
final class ErrorReplyMatcher implements Matcher {

    private final JsonNode spec;
    private final String tag;
    private final Optional<Matcher> id;
    private final Optional<Matcher> reason;

    ErrorReplyMatcher(JsonNode spec, String tag, Optional<Matcher> id, Optional<Matcher> reason) {
        this.spec = spec;
        this.tag = tag;
        this.id = id;
        this.reason = reason;
    }

    @Override
    public MatchResult match(Optional<JsonNode> actual, MatchScope scope) {
        JsonNode reply = actual.orElse(null);
        if (reply == null || !reply.isArray() || reply.size() != 3 || !tag.equals(reply.get(0).textValue())) {
            return MatchResult.mismatch("", "expected [\"" + tag + "\", id, reason], got " + JsonShow.brief(actual));
        }
        if (id.isPresent()) {
            MatchResult result = id.get().match(Optional.of(reply.get(1)), scope);
            if (!result.matched()) {
                return result.under("1");
            }
        }
        if (reason.isPresent()) {
            return reason.get().match(Optional.of(reply.get(2)), scope).under("2");
        }
        return MatchResult.ok();
    }

    @Override
    public JsonNode spec() {
        return spec;
    }
}
