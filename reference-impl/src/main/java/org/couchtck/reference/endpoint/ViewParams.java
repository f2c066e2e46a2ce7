package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.couchtck.reference.views.ViewQuery;

/**
 * A view request's parameters, read in the order they came (a later one overrides an earlier one, as
 * couch_mrview_http's parse_param does), then checked against the view as couch_mrview_util's validate_args checks
 * them.
 */
final class ViewParams {

    /** When the index is brought up to date: before answering, not at all, or after answering. */
    enum Update {
        TRUE, FALSE, LAZY
    }

    private Optional<List<JsonNode>> keys = Optional.empty();
    private Optional<JsonNode> startKey = Optional.empty();
    private Optional<JsonNode> endKey = Optional.empty();
    private Optional<String> startDocId = Optional.empty();
    private Optional<String> endDocId = Optional.empty();
    private long limit = Long.MAX_VALUE;
    private long skip;
    private boolean descending;
    private boolean inclusiveEnd = true;
    private Optional<Boolean> reduce = Optional.empty();
    private Optional<Boolean> group = Optional.empty();
    private Optional<Long> groupLevel = Optional.empty();
    private boolean includeDocs;
    private Optional<Boolean> conflicts = Optional.empty();
    private boolean updateSeq;
    private Update update = Update.TRUE;
    private AttachmentsJson.Shown attachments;

    /** The query parameters, then a POST body's {@code keys} unless the query gave keys. */
    static ViewParams from(ApiRequest request) {
        ViewParams params = new ViewParams();
        for (Map.Entry<String, String> param : request.params()) {
            params.read(param.getKey(), param.getValue());
        }
        params.attachments = AttachmentsJson.Shown.from(request);
        if ("POST".equals(request.method())) {
            DatabaseRoutes.requireJsonContent(request);
            JsonNode body = request.jsonBody();
            JsonNode keys = body.get("keys");
            if (keys != null && request.param("keys").isEmpty()) {
                if (!keys.isArray()) {
                    throw CouchError.badRequest("`keys` member must be an array.");
                }
                params.setKeys(keys);
            }
        }
        return params;
    }

    private void read(String name, String value) {
        switch (name) {
            case "reduce" -> reduce = Optional.of(ViewRange.parseBoolean(value));
            case "key" -> {
                JsonNode key = ViewRange.json(value);
                startKey = Optional.of(key);
                endKey = Optional.of(key);
            }
            case "keys" -> setKeys(ViewRange.json(value));
            case "startkey", "start_key" -> startKey = Optional.of(ViewRange.json(value));
            case "endkey", "end_key" -> endKey = Optional.of(ViewRange.json(value));
            case "startkey_docid", "start_key_doc_id" -> startDocId = Optional.of(value);
            case "endkey_docid", "end_key_doc_id" -> endDocId = Optional.of(value);
            case "limit" -> limit = ViewRange.parseNonNegative(value);
            case "skip" -> skip = ViewRange.parseNonNegative(value);
            case "stale" -> {
                switch (value) {
                    case "ok" -> update = Update.FALSE;
                    case "update_after" -> update = Update.LAZY;
                    default -> throw parseError("Invalid value for `stale`.");
                }
            }
            case "stable" -> {
                if (!value.equals("true") && !value.equals("false")) {
                    throw parseError("Invalid value for `stable`.");
                }
            }
            case "update" -> update = switch (value) {
                case "true" -> Update.TRUE;
                case "false" -> Update.FALSE;
                case "lazy" -> Update.LAZY;
                default -> throw parseError("Invalid value for `update`.");
            };
            case "descending" -> descending = ViewRange.parseBoolean(value);
            case "group" -> group = Optional.of(ViewRange.parseBoolean(value));
            case "group_level" -> groupLevel = Optional.of(ViewRange.parseNonNegative(value));
            case "inclusive_end" -> inclusiveEnd = ViewRange.parseBoolean(value);
            case "include_docs" -> includeDocs = ViewRange.parseBoolean(value);
            case "update_seq" -> updateSeq = ViewRange.parseBoolean(value);
            case "conflicts" -> conflicts = Optional.of(ViewRange.parseBoolean(value));
            case "attachments", "att_encoding_info", "sorted" -> ViewRange.parseBoolean(value);
            default -> {
                // CouchDB keeps unknown parameters as "extra" and ignores them
            }
        }
    }

    /** A single key is a key range of one key, as CouchDB reads {@code keys=[K]}. */
    private void setKeys(JsonNode value) {
        if (!value.isArray()) {
            throw parseError("`keys` must be an array of strings.");
        }
        if (value.size() == 1) {
            startKey = Optional.of(value.get(0));
            endKey = Optional.of(value.get(0));
            keys = Optional.empty();
            return;
        }
        List<JsonNode> list = new ArrayList<>();
        value.forEach(list::add);
        keys = Optional.of(list);
    }

    /**
     * The query for a view that reduces ({@code reduces}) or not, after CouchDB's checks.
     *
     * @throws CouchError 400 {@code query_parse_error} as CouchDB words it
     */
    ViewQuery toQuery(boolean reduces) {
        int level = groupLevel();
        boolean reducing = reduces && reduce.orElse(true);
        if (!reduces && reduce.orElse(false)) {
            throw parseError("Reduce is invalid for map-only views.");
        }
        if (reducing && level != ViewQuery.EXACT && keys.isPresent()) {
            throw parseError("Multi-key fetches for reduce views must use `group=true`");
        }
        if (!reducing && level != 0) {
            throw parseError("Invalid use of grouping on a map view.");
        }
        if (reducing && includeDocs) {
            throw parseError("`include_docs` is invalid for reduce");
        }
        if (reducing && conflicts.isPresent()) {
            throw parseError("`conflicts` is invalid for reduce views.");
        }
        return new ViewQuery(keys, keys.isPresent() ? Optional.empty() : startKey, startDocId,
                keys.isPresent() ? Optional.empty() : endKey, endDocId, inclusiveEnd, descending, skip, limit,
                reducing, reducing ? level : 0);
    }

    private int groupLevel() {
        if (group.isEmpty() && groupLevel.isEmpty()) {
            return 0;
        }
        if (group.isPresent() && !group.get() && groupLevel.isEmpty()) {
            return 0;
        }
        if (group.isPresent() && !group.get() && groupLevel.get() > 0) {
            throw parseError("Can't specify group=false and group_level>0 at the same time");
        }
        if (groupLevel.isEmpty()) {
            return ViewQuery.EXACT;
        }
        return (int) Math.min(Integer.MAX_VALUE, groupLevel.get());
    }

    boolean includeDocs() {
        return includeDocs;
    }

    boolean conflicts() {
        return conflicts.orElse(false);
    }

    boolean updateSeq() {
        return updateSeq;
    }

    Update update() {
        return update;
    }

    AttachmentsJson.Shown attachments() {
        return attachments;
    }

    private static CouchError parseError(String reason) {
        return new CouchError(400, "query_parse_error", reason);
    }
}
