package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.couchtck.reference.store.WriteResult;

/** The row a write result becomes in a {@code _bulk_docs} reply. */
final class WriteReplies {

    private WriteReplies() {}

    static ObjectNode row(WriteResult result) {
        ObjectNode row = Json.object();
        if (result instanceof WriteResult.Written w) {
            row.put("ok", true);
            row.put("id", w.id());
            row.put("rev", w.rev().toString());
        } else if (result instanceof WriteResult.Refused r) {
            row.put("id", r.id());
            row.put("error", r.error());
            row.put("reason", r.reason());
        }
        return row;
    }
}
