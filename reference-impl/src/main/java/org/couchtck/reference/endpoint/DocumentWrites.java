package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentWrite;
import org.couchtck.reference.store.MissingStubException;
import org.couchtck.reference.store.WriteResult;

/** What every document write goes through before the store, and the reply to a single-document write. */
final class DocumentWrites {

    private final DesignChecks designChecks;
    private final UserPasswords passwords;

    DocumentWrites(DesignChecks designChecks, UserPasswords passwords) {
        this.designChecks = designChecks;
        this.passwords = passwords;
    }

    /**
     * What a write becomes before it is stored ({@code _users} passwords hashed); a design document CouchDB would
     * refuse is refused here.
     */
    DocumentWrite prepare(Database db, DocumentWrite write) {
        designChecks.check(write);
        if (db.name().equals("_users") && write.body().has("password")) {
            ObjectNode body = write.body().deepCopy();
            passwords.hashInPlace(body);
            return new DocumentWrite(write.id(), write.rev(), write.deleted(), body, write.history(),
                    write.attachments());
        }
        return write;
    }

    /**
     * Writes prepared documents with new_edits=true; a stub the parent lacks fails the whole request, as CouchDB's
     * 412 {@code missing_stub}.
     */
    List<WriteResult> write(Database db, List<DocumentWrite> prepared) {
        try {
            return db.write(prepared);
        } catch (MissingStubException e) {
            throw new CouchError(412, "missing_stub", e.reason());
        }
    }

    /**
     * Writes one document and answers as CouchDB does: 201 (200 for a deletion), with an ETag for PUT and DELETE (not
     * for POST to the database), or the error.
     */
    void reply(ApiRequest request, ApiResponse response, Database db, DocumentWrite write, boolean location,
            boolean etag) throws IOException {
        WriteResult result = write(db, List.of(prepare(db, write))).get(0);
        if (result instanceof WriteResult.Refused r) {
            throw new CouchError(r.status(), r.error(), r.reason());
        }
        WriteResult.Written w = (WriteResult.Written) result;
        ObjectNode body = Json.object();
        body.put("ok", true);
        body.put("id", w.id());
        body.put("rev", w.rev().toString());
        if (etag) {
            response.header("ETag", "\"" + w.rev() + "\"");
        }
        if (location) {
            response.header("Location", Locations.of(request, db.name(), w.id()));
        }
        response.json(write.deleted() && "DELETE".equals(request.method()) ? 200 : 201, body);
    }
}
