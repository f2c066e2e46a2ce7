package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.extension.Parameters;
import com.github.tomakehurst.wiremock.http.Response;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.couchtck.kit.endpoint.ProxyFaults.Fault;

/**
 * WireMock response transformers for view replies ({@code /db/_design/d/_view/v}, {@code /db/_design/d/_info}) that
 * a stub proxied from the reference endpoint, one fault each, registered by {@link ProxyFaults#all()}. A fault that
 * needs to know more than the reply (the view's reduce function, the map rows under a reduced row, another answer
 * of the same view) asks the proxied endpoint itself, with the request's own credentials, before it edits the reply.
 */
final class ViewFaults {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern VIEW = Pattern.compile("/([^/?]+)/_design/([^/?]+)/_view/([^/?]+)(?:\\?(.*))?");
    private static final Pattern INFO = Pattern.compile("/([^/?]+)/_design/([^/?]+)/_info(?:\\?.*)?");

    private ViewFaults() {
    }

    /**
     * Edits the {@code rows} of a view reply with a {@link ProxyFaults.RowEdit}. Parameters: {@code edit} and
     * {@code match}, a JSON object: the edit acts on the rows that have all of its members ({@code {"key":"ab"}}).
     */
    static final class ViewRows extends Fault {
        static final String NAME = "fault-view-rows";

        ViewRows() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            Parameters parameters = serveEvent.getTransformerParameters();
            ProxyFaults.RowEdit edit = ProxyFaults.RowEdit.valueOf(parameters.getString("edit"));
            JsonNode match = ProxyFaults.read(parameters.getString("match"));
            return editRows(response, rows -> arrayOf(edit.apply(list(rows),
                    row -> ProxyFaults.FeedRows.matches(row, match))));
        }
    }

    /**
     * Sorts the rows of a view reply by key (numbers by value before anything else, the rest by their JSON text),
     * as a server would that forgot the order of the {@code keys} it was asked for. No parameters.
     */
    static final class KeysSorted extends Fault {
        static final String NAME = "fault-keys-sorted";
        private static final Comparator<JsonNode> BY_KEY = Comparator
                .comparing((JsonNode row) -> !row.path("key").isNumber())
                .thenComparing(row -> row.path("key").isNumber() ? row.path("key").asDouble() : 0)
                .thenComparing(row -> row.path("key").toString());

        KeysSorted() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            return editRows(response, rows -> arrayOf(list(rows).stream().sorted(BY_KEY).toList()));
        }
    }

    /**
     * Removes one member from the matching rows of a view reply. Parameters: {@code member} ({@code doc}) and
     * {@code match}, as for {@link ViewRows}.
     */
    static final class RowMemberDropped extends Fault {
        static final String NAME = "fault-row-member-dropped";

        RowMemberDropped() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            Parameters parameters = serveEvent.getTransformerParameters();
            String member = parameters.getString("member");
            JsonNode match = ProxyFaults.read(parameters.getString("match"));
            return editEachRow(response, row -> {
                if (ProxyFaults.FeedRows.matches(row, match)) {
                    row.remove(member);
                }
            });
        }
    }

    /** How {@link ReducedValues} gets a reduced value wrong. */
    enum ReducedEdit {
        /**
         * Every number in the value is 1 higher, but only in a row whose group covers more than one map row: the
         * slip of a rereduce (the map rows are read from the endpoint with {@code reduce=false}).
         */
        PLUS_ONE_WHEN_REREDUCED,
        /** Every number in the value is 1 higher. */
        PLUS_ONE,
        /** Every number in the value is 10 % higher, rounded. */
        PLUS_TEN_PERCENT,
        /** Every {@code sumsqr} member (of a {@code _stats} object, or of each in an array) is left out. */
        SUMSQR_DROPPED,
        /** A {@code builtin_reduce_error} value says {@code reduce_error} instead. */
        ERROR_RENAMED
    }

    /**
     * Edits the values of the reduced rows (rows without an {@code id}) of a GET view reply, when the view's reduce
     * function is the builtin {@code reducer} (or one named after it, as CouchDB's prefix match allows); the reply of
     * any other view, or of {@code reduce=false}, is left as it is. Parameters: {@code reducer} ({@code _sum}) and
     * {@code edit} (one of {@link ReducedEdit}).
     */
    static final class ReducedValues extends Fault {
        static final String NAME = "fault-reduced-values";

        ReducedValues() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            Parameters parameters = serveEvent.getTransformerParameters();
            String reducer = parameters.getString("reducer");
            ReducedEdit edit = ReducedEdit.valueOf(parameters.getString("edit"));
            Matcher view = VIEW.matcher(serveEvent.getRequest().getUrl());
            if (response.getStatus() != 200 || !serveEvent.getRequest().getMethod().getName().equals("GET")
                    || !view.matches() || !reduceOf(serveEvent, view).startsWith(reducer)) {
                return response;
            }
            Map<JsonNode, Integer> mapRows = edit == ReducedEdit.PLUS_ONE_WHEN_REREDUCED
                    ? mapRowsPerGroup(serveEvent, view) : Map.of();
            return editEachRow(response, row -> {
                if (!row.has("id") && row.has("value") && (edit != ReducedEdit.PLUS_ONE_WHEN_REREDUCED
                        || mapRows.getOrDefault(row.get("key"), 0) > 1)) {
                    row.set("value", edited(row.get("value"), edit));
                }
            });
        }

        private static JsonNode edited(JsonNode value, ReducedEdit edit) {
            return switch (edit) {
                case PLUS_ONE, PLUS_ONE_WHEN_REREDUCED -> numbers(value, n -> n.isIntegralNumber()
                        ? LongNode.valueOf(n.asLong() + 1) : DoubleNode.valueOf(n.asDouble() + 1));
                case PLUS_TEN_PERCENT -> numbers(value, n -> LongNode.valueOf(Math.round(n.asDouble() * 1.1)));
                case SUMSQR_DROPPED -> objects(value, o -> {
                    o.remove("sumsqr");
                    return o;
                });
                case ERROR_RENAMED -> objects(value, o -> {
                    if (o.path("error").asText().equals("builtin_reduce_error")) {
                        o.put("error", "reduce_error");
                    }
                    return o;
                });
            };
        }

        /** The view's reduce function as its design document holds it; empty for a map-only view. */
        private static String reduceOf(ServeEvent serveEvent, Matcher view) {
            JsonNode ddoc = fetch(serveEvent, "/" + view.group(1) + "/_design/" + view.group(2));
            return ddoc.path("views").path(decode(view.group(3))).path("reduce").asText("");
        }

        /**
         * How many map rows each group of the query holds: the same query with {@code reduce=false} (without
         * {@code group}, {@code group_level}, {@code limit} and {@code skip}), its rows counted by the key they
         * group under.
         */
        private static Map<JsonNode, Integer> mapRowsPerGroup(ServeEvent serveEvent, Matcher view) {
            Map<String, String> query = query(view.group(4));
            boolean exact = "true".equals(query.get("group"));
            Integer level = query.containsKey("group_level") ? Integer.valueOf(query.get("group_level")) : null;
            String mapQuery = rawParameters(view.group(4)).stream()
                    .filter(p -> !List.of("group", "group_level", "limit", "skip", "reduce").contains(name(p)))
                    .collect(Collectors.joining("&"));
            String path = pathOf(view) + "?reduce=false" + (mapQuery.isEmpty() ? "" : "&" + mapQuery);
            Map<JsonNode, Integer> counts = new HashMap<>();
            fetch(serveEvent, path).path("rows").forEach(row -> {
                JsonNode key = row.get("key");
                JsonNode group = exact ? key
                        : level == null || level == 0 ? JSON.nullNode()
                        : key.isArray() ? arrayOf(list(key).stream().limit(level).toList()) : key;
                counts.merge(group, 1, Integer::sum);
            });
            return counts;
        }
    }

    /**
     * Answers a GET view query with {@code group_level=N} as if it said {@code group=true}: the endpoint's reply to
     * that query instead. No parameters.
     */
    static final class GroupLevelIgnored extends Fault {
        static final String NAME = "fault-group-level-ignored";

        GroupLevelIgnored() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            Matcher view = VIEW.matcher(serveEvent.getRequest().getUrl());
            if (!view.matches() || !query(view.group(4)).containsKey("group_level")) {
                return response;
            }
            String grouped = rawParameters(view.group(4)).stream()
                    .map(p -> name(p).equals("group_level") ? "group=true" : p).collect(Collectors.joining("&"));
            return ProxyFaults.withBody(response, fetch(serveEvent, pathOf(view) + "?" + grouped) + "\n");
        }
    }

    /**
     * Shows nothing indexed: a view reply becomes {@code {"total_rows":0,"offset":0,"rows":[]}}, an {@code _info}
     * reply says {@code update_seq} 0. A stub applies it to the replies that answer from the index as it is
     * ({@code update=false}) and to {@code _info}, so an index seems never to be built unless a query builds it. No
     * parameters.
     */
    static final class NeverIndexed extends Fault {
        static final String NAME = "fault-never-indexed";

        NeverIndexed() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            if (response.getStatus() != 200) {
                return response;
            }
            ObjectNode body = (ObjectNode) ProxyFaults.read(response.getBodyAsString());
            if (INFO.matcher(serveEvent.getRequest().getUrl()).matches()) {
                ((ObjectNode) body.path("view_index")).put("update_seq", 0);
            } else {
                body.put("total_rows", 0).put("offset", 0).set("rows", JSON.createArrayNode());
            }
            return ProxyFaults.withBody(response, body + "\n");
        }
    }

    /**
     * Shows every index built: a view query with {@code update=false} is answered as the same query without it (which
     * builds the index first), an {@code _info} reply says the database's own update sequence. No parameters.
     */
    static final class AlwaysIndexed extends Fault {
        static final String NAME = "fault-always-indexed";

        AlwaysIndexed() {
            super(NAME);
        }

        @Override
        public Response transform(Response response, ServeEvent serveEvent) {
            if (response.getStatus() != 200) {
                return response;
            }
            String url = serveEvent.getRequest().getUrl();
            Matcher info = INFO.matcher(url);
            Matcher view = VIEW.matcher(url);
            if (info.matches()) {
                ObjectNode body = (ObjectNode) ProxyFaults.read(response.getBodyAsString());
                String dbSeq = fetch(serveEvent, "/" + info.group(1)).path("update_seq").asText();
                ((ObjectNode) body.path("view_index")).put("update_seq", Long.parseLong(dbSeq.split("-")[0]));
                return ProxyFaults.withBody(response, body + "\n");
            }
            if (view.matches() && "false".equals(query(view.group(4)).get("update"))) {
                String updated = rawParameters(view.group(4)).stream().filter(p -> !name(p).equals("update"))
                        .collect(Collectors.joining("&"));
                return ProxyFaults.withBody(response,
                        fetch(serveEvent, pathOf(view) + (updated.isEmpty() ? "" : "?" + updated)) + "\n");
            }
            return response;
        }
    }

    /** {@code response} with the {@code rows} of its JSON body replaced; a reply without rows is left alone. */
    private static Response editRows(Response response, UnaryOperator<ArrayNode> edit) {
        JsonNode body = response.getStatus() == 200 ? ProxyFaults.oneDocumentOrNull(response.getBodyAsString())
                : null;
        if (body == null || !body.path("rows").isArray()) {
            return response;
        }
        ((ObjectNode) body).set("rows", edit.apply((ArrayNode) body.get("rows")));
        return ProxyFaults.withBody(response, body + "\n");
    }

    /** {@code response} with each row of its JSON body edited in place; a reply without rows is left alone. */
    private static Response editEachRow(Response response, Consumer<ObjectNode> edit) {
        return editRows(response, rows -> {
            rows.forEach(row -> edit.accept((ObjectNode) row));
            return rows;
        });
    }

    /** The path of the view query {@code view} matched, without its query. */
    private static String pathOf(Matcher view) {
        return view.group(0).replaceFirst("\\?.*", "");
    }

    private static List<JsonNode> list(JsonNode array) {
        List<JsonNode> out = new ArrayList<>();
        array.forEach(out::add);
        return out;
    }

    private static ArrayNode arrayOf(List<JsonNode> nodes) {
        ArrayNode array = JSON.createArrayNode();
        nodes.forEach(array::add);
        return array;
    }

    /** {@code value} with each number in it (at any depth) replaced. */
    private static JsonNode numbers(JsonNode value, UnaryOperator<JsonNode> number) {
        if (value.isNumber()) {
            return number.apply(value);
        }
        if (value.isContainerNode()) {
            JsonNode copy = value.deepCopy();
            if (copy.isArray()) {
                for (int i = 0; i < copy.size(); i++) {
                    ((ArrayNode) copy).set(i, numbers(copy.get(i), number));
                }
            } else {
                for (Iterator<String> names = copy.fieldNames(); names.hasNext();) {
                    String name = names.next();
                    ((ObjectNode) copy).set(name, numbers(copy.get(name), number));
                }
            }
            return copy;
        }
        return value;
    }

    /** {@code value} with each object in it (itself, or the elements of an array) edited. */
    private static JsonNode objects(JsonNode value, UnaryOperator<ObjectNode> object) {
        if (value.isObject()) {
            return object.apply(((ObjectNode) value).deepCopy());
        }
        if (value.isArray()) {
            return arrayOf(list(value).stream().map(v -> objects(v, object)).toList());
        }
        return value;
    }

    /** The {@code name=value} pieces of a raw query, as sent (still percent-encoded). */
    private static List<String> rawParameters(String rawQuery) {
        return rawQuery == null || rawQuery.isEmpty() ? List.of() : Arrays.asList(rawQuery.split("&"));
    }

    private static String name(String rawParameter) {
        return decode(rawParameter.split("=", 2)[0]);
    }

    /** The parameters of a raw query, decoded; the first of a repeated name counts. */
    private static Map<String, String> query(String rawQuery) {
        Map<String, String> out = new HashMap<>();
        for (String p : rawParameters(rawQuery)) {
            String[] nameValue = p.split("=", 2);
            out.putIfAbsent(decode(nameValue[0]), nameValue.length > 1 ? decode(nameValue[1]) : "");
        }
        return out;
    }

    private static String decode(String text) {
        return java.net.URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    /**
     * GET {@code pathAndQuery} from the endpoint the stub proxies to, with the request's Authorization, read as
     * JSON. The connection is closed after the reply, so that no keep-alive thread outlives the test.
     */
    private static JsonNode fetch(ServeEvent serveEvent, String pathAndQuery) {
        String base = Optional.ofNullable(serveEvent.getResponseDefinition().getProxyBaseUrl())
                .orElseThrow(() -> new IllegalStateException("the stub proxies nowhere"));
        try {
            HttpURLConnection connection = (HttpURLConnection) URI.create(base + pathAndQuery).toURL()
                    .openConnection();
            connection.setRequestProperty("Accept", "application/json");
            connection.setRequestProperty("Connection", "close");
            Optional.ofNullable(serveEvent.getRequest().getHeader("Authorization"))
                    .ifPresent(a -> connection.setRequestProperty("Authorization", a));
            connection.setConnectTimeout(5_000);
            connection.setReadTimeout(10_000);
            try (InputStream in = connection.getResponseCode() < 400 ? connection.getInputStream()
                    : connection.getErrorStream()) {
                return JSON.readTree(in);
            } finally {
                connection.disconnect();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
