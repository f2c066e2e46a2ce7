package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * The body of a rows reply as CouchDB's view streams write it (couch_mrview_http, fabric's all_docs and view
 * callbacks): {@code {"total_rows":T,"offset":O[,"update_seq":S],"rows":[\r\n} then the rows, one compact JSON object
 * each, separated by {@code ,\r\n}, then {@code \r\n]}}. Views and the {@code _all_docs} family write the same.
 */
final class RowsReply {

    private RowsReply() {}

    /** A whole map-style body, ending with a newline; total and offset may be JSON null. */
    static String map(JsonNode totalRows, JsonNode offset, Optional<JsonNode> updateSeq, List<? extends JsonNode> rows) {
        return object(totalRows, offset, updateSeq, rows) + "\n";
    }

    /** The same without the final newline, as one result among others ({@code queries}). */
    static String object(JsonNode totalRows, JsonNode offset, Optional<JsonNode> updateSeq,
            List<? extends JsonNode> rows) {
        StringBuilder out = new StringBuilder();
        out.append("{\"total_rows\":").append(Json.write(totalRows)).append(",\"offset\":").append(Json.write(offset));
        updateSeq.ifPresent(seq -> out.append(",\"update_seq\":").append(Json.write(seq)));
        out.append(",\"rows\":[\r\n");
        appendJoined(out, rows.stream().map(Json::write).toList());
        return out.append("\r\n]}").toString();
    }

    /** {@code {"results":[\r\n ... \r\n]}} of several results, as the {@code queries} endpoints answer. */
    static String results(List<String> results) {
        StringBuilder out = new StringBuilder("{\"results\":[\r\n");
        appendJoined(out, results);
        return out.append("\r\n]}\n").toString();
    }

    private static void appendJoined(StringBuilder out, List<String> items) {
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                out.append(",\r\n");
            }
            out.append(items.get(i));
        }
    }
}
