package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Locale;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentState;

/** Finding a design document and one of its functions, with CouchDB's 404s. */
final class DesignDocs {

    private DesignDocs() {}

    /** {@code _design/<name>} as stored; 404 {@code missing} (or {@code deleted}) otherwise. */
    static ObjectNode open(Database db, String name) {
        DocumentState ddoc = db.get("_design/" + name).orElseThrow(() -> CouchError.notFound("missing"));
        if (ddoc.deleted()) {
            throw CouchError.notFound("deleted");
        }
        return DocumentJson.render(ddoc, ddoc.winner(), DocumentJson.Options.PLAIN);
    }

    /** couch_util:get_nested_json_value(ddoc, [kind, name]): 404 {@code missing json key: <key>}. */
    static void requireFunction(ObjectNode ddoc, String kind, String name) {
        if (!ddoc.has(kind)) {
            throw CouchError.notFound("missing json key: " + kind);
        }
        if (!ddoc.get(kind).has(name)) {
            throw CouchError.notFound("missing json key: " + name);
        }
    }

    /** An ETag of what a reply depends on, shaped as couch_httpd:make_etag's (an md5 in base 36, quoted). */
    /**
     * The document a show or an update function is given: the rest of the path after the function's name (an id may
     * hold slashes); null, with no revision, when the path names none or it is missing or deleted.
     */
    record Target(String id, JsonNode doc, String rev) {}

    static Target target(ApiRequest request, Database db) {
        List<String> segments = request.segments();
        String id = segments.size() > 5 ? String.join("/", segments.subList(5, segments.size())) : null;
        DocumentState state = id == null ? null : db.get(id).filter(d -> !d.deleted()).orElse(null);
        if (state == null) {
            return new Target(id, Json.MAPPER.nullNode(), null);
        }
        return new Target(id, DocumentJson.render(state, state.winner(), new DocumentJson.Options(false, true, false)),
                state.winner().rev().toString());
    }

    static String etag(String... parts) {
        try {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            for (String part : parts) {
                md5.update(String.valueOf(part).getBytes(StandardCharsets.UTF_8));
                md5.update((byte) 0);
            }
            return "\"" + new BigInteger(1, md5.digest()).toString(36).toUpperCase(Locale.ROOT) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
