package org.couchtck.reference.views;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The rows a query's {@code skip} and {@code limit} leave of the rows it selects, in order, and how many it skipped.
 *
 * @param rows the rows sent
 * @param skipped the rows skipped before them
 */
record RowPage(List<ViewRow> rows, long skipped) {

    static RowPage of(List<Map.Entry<IndexKey, JsonNode>> selected, ViewQuery query) {
        List<ViewRow> out = new ArrayList<>();
        long skipped = 0;
        for (Map.Entry<IndexKey, JsonNode> row : selected) {
            if (skipped < query.skip()) {
                skipped++;
                continue;
            }
            if (out.size() >= query.limit()) {
                break;
            }
            out.add(new ViewRow(row.getKey().key(), row.getKey().id(), row.getValue()));
        }
        return new RowPage(out, skipped);
    }
}
