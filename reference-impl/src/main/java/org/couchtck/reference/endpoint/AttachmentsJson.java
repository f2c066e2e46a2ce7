package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.couchtck.reference.store.Attachment;
import org.couchtck.reference.store.AttachmentWrite;

/** A document's {@code _attachments} between CouchDB's JSON and the store ({@code couch_att:from_json/to_json}). */
final class AttachmentsJson {

    /** The type CouchDB gives an attachment whose JSON or request names none. */
    static final String DEFAULT_TYPE = "application/octet-stream";

    private AttachmentsJson() {}

    /**
     * How attachments are shown: {@code attachments=true} gives their data instead of stubs,
     * {@code att_encoding_info=true} adds {@code encoding} and {@code encoded_length} to gzip-stored ones.
     */
    record Shown(boolean data, boolean encodingInfo) {
        static final Shown STUBS = new Shown(false, false);

        static Shown from(ApiRequest request) {
            return new Shown(flag(request, "attachments"), flag(request, "att_encoding_info"));
        }

        private static boolean flag(ApiRequest request, String name) {
            return request.param(name).map("true"::equals).orElse(false);
        }
    }

    /**
     * Reads {@code _attachments} of a document a client sent (an object: the caller has checked). An entry that is
     * not an object is skipped, as CouchDB's list comprehension skips it; {@code stub: true} keeps the parent's;
     * anything else must carry base64 {@code data}.
     */
    static List<AttachmentWrite> fromClient(JsonNode attachments) {
        List<AttachmentWrite> out = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : attachments.properties()) {
            String name = entry.getKey();
            JsonNode props = entry.getValue();
            if (!props.isObject()) {
                continue;
            }
            if (props.path("stub").isBoolean() && props.get("stub").booleanValue()) {
                out.add(new AttachmentWrite.Stub(name, stubRevpos(props.get("revpos"))));
            } else {
                String type = props.path("content_type").isTextual() ? props.get("content_type").asText() : DEFAULT_TYPE;
                out.add(new AttachmentWrite.Data(name, type, inlineData(name, props.get("data")), false));
            }
        }
        for (AttachmentWrite a : out) {
            checkName(a.name());
        }
        return out;
    }

    /** CouchDB's validate_attachment_name: names starting with {@code _} are reserved. */
    static void checkName(String name) {
        if (name.startsWith("_")) {
            throw CouchError.badRequest("Attachment name '" + name + "' starts with prohibited character '_'");
        }
    }

    /** A stub's revpos: absent is null (any matches); a non-integer is 0, which no stored attachment has. */
    private static Long stubRevpos(JsonNode revpos) {
        if (revpos == null) {
            return null;
        }
        return revpos.isNumber() && revpos.asDouble() == Math.rint(revpos.asDouble()) ? revpos.asLong() : 0L;
    }

    /** base64:decode, which skips whitespace; anything it cannot decode is CouchDB's 400. */
    private static byte[] inlineData(String name, JsonNode data) {
        if (data != null && data.isTextual()) {
            try {
                return Base64.getDecoder().decode(data.asText().replaceAll("[ \\t\\r\\n]", ""));
            } catch (IllegalArgumentException notBase64) {
                // the same error as no data at all
            }
        }
        throw CouchError.badRequest("Invalid attachment data for " + name);
    }

    /** {@code _attachments} of a revision as CouchDB renders it, or null when it has none (then it is left out). */
    static ObjectNode render(List<Attachment> attachments, Shown shown) {
        if (attachments.isEmpty()) {
            return null;
        }
        ObjectNode out = Json.object();
        for (Attachment a : attachments) {
            ObjectNode att = out.putObject(a.name());
            att.put("content_type", a.contentType());
            att.put("revpos", a.revpos());
            att.put("digest", a.digest());
            if (shown.data()) {
                att.put("data", Base64.getEncoder().encodeToString(a.data()));
            } else {
                att.put("length", a.length());
                att.put("stub", true);
            }
            if (shown.encodingInfo() && a.gzipped()) {
                att.put("encoding", a.encoding());
                att.put("encoded_length", a.encodedLength());
            }
        }
        return out;
    }
}
