package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/** The key a reduce query names a group by; rows are in one group while their keys are Erlang-{@code ==} equal. */
final class GroupKeys {

    private GroupKeys() {}

    /** The key a row's group is named by at {@code level} (arrays cut to their first {@code level} elements). */
    static JsonNode groupKey(JsonNode key, int level) {
        if (level == 0) {
            return JsonNodeFactory.instance.nullNode();
        }
        if (level == ViewQuery.EXACT || !key.isArray() || key.size() <= level) {
            return key;
        }
        ArrayNode prefix = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < level; i++) {
            prefix.add(key.get(i));
        }
        return prefix;
    }
}
