package org.couchtck.kit.endpoint.generated;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import org.couchtck.kit.endpoint.EndpointTarget;
import org.couchtck.kit.endpoint.FeedConnection;
import org.couchtck.kit.endpoint.HttpCall;
import org.couchtck.kit.endpoint.HttpReply;
import org.couchtck.kit.wire.MalformedLineException;
import org.couchtck.kit.wire.WireJson;

/**
 * A broken view server for the kit's own tests: the reference endpoint behind a wrapper that edits the replies to view
 * queries ({@code GET .../_view/...}) at the level of the kit's HTTP client.
 */
final class FaultyViewTarget extends ForwardingTarget {

    /** What the wrapper breaks. */
    enum Fault {
        /** The first two adjacent rows with different keys come swapped (a collation slip). */
        SWAPS_ADJACENT_ROWS,
        /** Every {@code _sum} result is one too high (its first element, for arrays). */
        SUM_PLUS_ONE,
        /** Every {@code _approx_count_distinct} estimate is 20% too high. */
        ESTIMATE_PLUS_20_PERCENT
    }

    private final Fault fault;

    FaultyViewTarget(EndpointTarget inner, Fault fault) {
        super(inner);
        this.fault = fault;
    }

    @Override
    public FeedConnection open(HttpCall call) {
        return inner.open(call);
    }

    @Override
    public HttpReply send(HttpCall call, java.util.function.Predicate<org.couchtck.kit.endpoint.ResponseHead> wrong)
            throws IOException, InterruptedException {
        HttpReply reply = inner.send(call, wrong);
        String path = call.path();
        if (!call.method().equals("GET") || !path.contains("/_view/") || reply.status() != 200) {
            return reply;
        }
        JsonNode body;
        try {
            body = WireJson.parse(reply.body());
        } catch (MalformedLineException e) {
            return reply;
        }
        if (!body.path("rows").isArray()) {
            return reply;
        }
        ArrayNode rows = (ArrayNode) body.get("rows");
        boolean edited = switch (fault) {
            case SWAPS_ADJACENT_ROWS -> path.contains("/_view/" + CollationProperty.VIEW) && swap(rows);
            case SUM_PLUS_ONE -> path.contains("/_view/sum") && plusOne(rows);
            case ESTIMATE_PLUS_20_PERCENT -> path.contains("/_view/" + ApproxCountProperty.VIEW) && plus20(rows);
        };
        return edited ? new HttpReply(reply.status(), reply.headers(), WireJson.write(body) + "\n",
                reply.incomplete()) : reply;
    }

    private static boolean swap(ArrayNode rows) {
        for (int i = 0; i + 1 < rows.size(); i++) {
            if (!rows.get(i).path("key").equals(rows.get(i + 1).path("key"))) {
                JsonNode first = rows.get(i);
                rows.set(i, rows.get(i + 1));
                rows.set(i + 1, first);
                return true;
            }
        }
        return false;
    }

    private static boolean plusOne(ArrayNode rows) {
        boolean edited = false;
        for (JsonNode row : rows) {
            JsonNode value = row.path("value");
            if (value.isNumber()) {
                ((ObjectNode) row).put("value", value.decimalValue().add(java.math.BigDecimal.ONE));
                edited = true;
            } else if (value.isArray() && !value.isEmpty() && value.get(0).isNumber()) {
                ((ArrayNode) value).set(0, ((ArrayNode) value).numberNode(value.get(0).decimalValue()
                        .add(java.math.BigDecimal.ONE)));
                edited = true;
            }
        }
        return edited;
    }

    private static boolean plus20(ArrayNode rows) {
        boolean edited = false;
        for (JsonNode row : rows) {
            if (row.path("value").isIntegralNumber()) {
                ((ObjectNode) row).put("value", Math.round(row.get("value").longValue() * 1.2));
                edited = true;
            }
        }
        return edited;
    }
}
