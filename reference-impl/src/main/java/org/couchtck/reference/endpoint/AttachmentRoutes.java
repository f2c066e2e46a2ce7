package org.couchtck.reference.endpoint;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import org.couchtck.reference.store.Attachment;
import org.couchtck.reference.store.AttachmentWrite;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentState;
import org.couchtck.reference.store.DocumentWrite;
import org.couchtck.reference.store.Revision;
import org.couchtck.reference.store.RevisionNode;
import org.couchtck.reference.store.WriteResult;

/**
 * {@code /db/doc/att}: GET and HEAD send one attachment's bytes, PUT and DELETE write a new revision of the document
 * with that attachment replaced or removed ({@code chttpd_db:db_attachment_req/4}).
 */
final class AttachmentRoutes {

    private final DocumentWrites writes;

    AttachmentRoutes(DocumentWrites writes) {
        this.writes = writes;
    }

    void handle(ApiRequest request, ApiResponse response, Database db, String id, String name) throws IOException {
        switch (request.method()) {
            case "GET", "HEAD" -> get(request, response, db, id, name);
            case "PUT", "DELETE" -> write(request, response, db, id, name);
            default -> throw CouchError.methodNotAllowed("DELETE,GET,HEAD,PUT");
        }
    }

    private void get(ApiRequest request, ApiResponse response, Database db, String id, String name) throws IOException {
        DocumentState doc = db.get(id).orElseThrow(() -> CouchError.notFound("missing"));
        RevisionNode node = DocumentRoutes.revisionToRead(doc,
                request.param("rev").map(DocumentJson::parseRev).orElse(null));
        Attachment att = node.attachment(name).orElseThrow(AttachmentRoutes::missingAttachment);
        // the ETag is the digest without its md5- prefix; an If-None-Match naming it is answered 304
        String etag = "\"" + Base64.getEncoder().encodeToString(att.md5()) + "\"";
        if (request.header("If-None-Match").map(h -> matches(h, etag)).orElse(false)) {
            response.notModified(etag);
            return;
        }
        boolean sendEncoded = att.gzipped()
                && AcceptedEncodings.accepts(request.header("Accept-Encoding").orElse(null), Attachment.GZIP);
        response.header("Content-Security-Policy", "sandbox"); // CouchDB's [csp] attachments default
        response.header("ETag", etag);
        if (sendEncoded) {
            response.header("Content-Encoding", Attachment.GZIP);
        }
        response.header("Accept-Ranges", att.gzipped() ? "none" : "bytes");
        if (sendEncoded) {
            response.bytes(200, att.contentType(), att.stored());
        } else if (att.gzipped() && att.length() == att.encodedLength()) {
            // CouchDB cannot tell the decoded length of such an attachment, so it decodes it into a chunked reply
            ApiResponse.Stream out = response.stream(200, att.contentType());
            out.write(att.data());
            out.end();
        } else {
            response.bytes(200, att.contentType(), att.data());
        }
    }

    /** chttpd:etag_match: any of the listed ETags (split at commas and spaces, a weak {@code W/} ignored). */
    private static boolean matches(String ifNoneMatch, String etag) {
        for (String candidate : ifNoneMatch.split("[, ]+")) {
            if ((candidate.startsWith("W/") ? candidate.substring(2) : candidate).equals(etag)) {
                return true;
            }
        }
        return false;
    }

    private void write(ApiRequest request, ApiResponse response, Database db, String id, String name)
            throws IOException {
        AttachmentsJson.checkName(name);
        boolean delete = request.method().equals("DELETE");
        AttachmentWrite.Data upload = delete ? null : upload(request, name);
        String revText = DocumentRoutes.revisionOf(request);
        RevisionNode base = revText == null ? null : revisionToEdit(db, id, DocumentJson.parseRev(revText));
        if (delete) {
            // CouchDB looks the attachment up first, on the current revision when none is named
            RevisionNode current = base != null ? base : currentRevision(db, id);
            current.attachment(name).orElseThrow(AttachmentRoutes::missingAttachment);
        }
        if (base == null) {
            DocIds.check(id);
        }
        DocumentWrite edit = edited(id, base, name, upload);
        WriteResult result = writes.write(request, db, List.of(writes.prepare(db, edit))).get(0);
        if (result instanceof WriteResult.Refused r) {
            throw new CouchError(r.status(), r.error(), r.reason());
        }
        Revision rev = ((WriteResult.Written) result).rev();
        if (!delete) {
            response.header("Location", Locations.of(request, db.name(), id, name));
        }
        var body = Json.object();
        body.put("ok", true);
        body.put("id", id);
        body.put("rev", rev.toString());
        response.json(writes.status(delete ? 200 : 201), body);
    }

    /** The body of a PUT as the attachment's data, typed by Content-Type, gzip-encoded if Content-Encoding says so. */
    private static AttachmentWrite.Data upload(ApiRequest request, String name) {
        String type = request.header("Content-Type").orElse(AttachmentsJson.DEFAULT_TYPE);
        String encoding = request.header("Content-Encoding").orElse("identity").trim().toLowerCase(Locale.ROOT);
        if (!encoding.equals("identity") && !encoding.equals("gzip")) {
            throw new CouchError(415, "bad_content_type", "Only gzip and identity content-encodings are supported");
        }
        return new AttachmentWrite.Data(name, type, request.body(), encoding.equals("gzip"));
    }

    /**
     * The revision a write with {@code ?rev=} starts from: CouchDB opens it (any revision whose body it still has)
     * and answers one it cannot open with 409 {@code not_found}/{@code missing_rev}.
     */
    private static RevisionNode revisionToEdit(Database db, String id, Revision rev) {
        return db.get(id).flatMap(doc -> doc.tree().find(rev))
                .orElseThrow(() -> new CouchError(409, "not_found", "missing_rev"));
    }

    private static RevisionNode currentRevision(Database db, String id) {
        DocumentState doc = db.get(id).orElseThrow(() -> CouchError.notFound("missing"));
        return DocumentRoutes.revisionToRead(doc, null);
    }

    /**
     * The document with the attachment replaced ({@code upload} first, then the others as stubs of the base
     * revision) or removed ({@code upload} null). Without a base it is a new document holding just the upload, which
     * the store refuses as a conflict when the document exists (a DELETE without a rev always ends so).
     */
    private static DocumentWrite edited(String id, RevisionNode base, String name, AttachmentWrite.Data upload) {
        List<AttachmentWrite> attachments = new ArrayList<>();
        if (upload != null) {
            attachments.add(upload);
        }
        if (base == null) {
            return new DocumentWrite(id, null, false, Json.object(), null, attachments);
        }
        for (Attachment a : base.attachments()) {
            if (!a.name().equals(name)) {
                attachments.add(new AttachmentWrite.Stub(a.name(), null));
            }
        }
        return new DocumentWrite(id, base.rev(), base.deleted(), base.body().deepCopy(), null, attachments);
    }

    private static CouchError missingAttachment() {
        return CouchError.notFound("Document is missing attachment");
    }
}
