package org.couchtck.reference.endpoint;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.couchtck.reference.store.ClusterLayout;
import org.couchtck.reference.store.Database;
import org.couchtck.reference.store.DocumentWrite;
import org.couchtck.reference.store.MissingStubException;
import org.couchtck.reference.store.WriteResult;

/** What every document write goes through before the store, and the reply to a single-document write. */
final class DocumentWrites {

    private final DesignChecks designChecks;
    private final UserPasswords passwords;
    private final DocumentValidation validation;
    private final ClusterLayout layout;

    DocumentWrites(DesignChecks designChecks, UserPasswords passwords, DocumentValidation validation) {
        this(designChecks, passwords, validation, ClusterLayout.SINGLE_NODE);
    }

    DocumentWrites(DesignChecks designChecks, UserPasswords passwords, DocumentValidation validation,
            ClusterLayout layout) {
        this.designChecks = designChecks;
        this.passwords = passwords;
        this.validation = validation;
        this.layout = layout;
    }

    /**
     * The status of a write that succeeded, {@code committed} (201, or 200 for a deletion) when {@code w} copies took
     * it at once, else 202 Accepted (chttpd_db: {@code {accepted, Rev}}).
     */
    int status(int committed) {
        return layout.acceptsOnly() ? 202 : committed;
    }

    /** Whether successful writes are answered 202 Accepted: their {@code _bulk_docs} rows say {@code accepted}. */
    boolean acceptsOnly() {
        return layout.acceptsOnly();
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
     * Writes prepared documents with new_edits=true, each validated first ({@code validate_doc_update}, as the
     * request's user); a stub the parent lacks fails the whole request, as CouchDB's 412 {@code missing_stub}.
     */
    List<WriteResult> write(ApiRequest request, Database db, List<DocumentWrite> prepared) {
        List<Optional<WriteResult.Refused>> refusals = new ArrayList<>();
        List<DocumentWrite> accepted = new ArrayList<>();
        for (DocumentWrite write : prepared) {
            Optional<WriteResult.Refused> refused = validation.check(db, write, request.user(), true);
            refusals.add(refused);
            if (refused.isEmpty()) {
                accepted.add(write);
            }
        }
        List<WriteResult> written;
        try {
            written = accepted.isEmpty() ? List.of() : db.write(accepted);
        } catch (MissingStubException e) {
            throw new CouchError(412, "missing_stub", e.reason());
        }
        List<WriteResult> out = new ArrayList<>();
        int next = 0;
        for (int i = 0; i < refusals.size(); i++) {
            Optional<WriteResult.Refused> refused = refusals.get(i);
            WriteResult result = refused.isPresent() ? refused.get() : written.get(next++);
            if (refused.isEmpty() && layout.conflictingWrites() && result instanceof WriteResult.Refused r
                    && r.status() == 409) {
                result = db.writeOnBranch(prepared.get(i));
            }
            out.add(result);
        }
        return out;
    }

    /**
     * Stores replicated revisions (new_edits=false), each validated first; returns the refusals, with the revision
     * each named, as {@code _bulk_docs} reports them.
     */
    List<ReplicationRefusal> replicate(ApiRequest request, Database db, List<DocumentWrite> prepared) {
        List<ReplicationRefusal> refusals = new ArrayList<>();
        List<DocumentWrite> accepted = new ArrayList<>();
        for (DocumentWrite write : prepared) {
            Optional<WriteResult.Refused> refused = validation.check(db, write, request.user(), false);
            if (refused.isPresent()) {
                refusals.add(new ReplicationRefusal(refused.get(), write.rev().toString()));
            } else {
                accepted.add(write);
            }
        }
        db.replicate(accepted);
        return refusals;
    }

    /** A replicated revision validation refused. */
    record ReplicationRefusal(WriteResult.Refused refused, String rev) {}

    /**
     * Writes one document and answers as CouchDB does: 201 (200 for a deletion), with an ETag for PUT and DELETE (not
     * for POST to the database), or the error.
     */
    void reply(ApiRequest request, ApiResponse response, Database db, DocumentWrite write, boolean location,
            boolean etag) throws IOException {
        WriteResult result = write(request, db, List.of(prepare(db, write))).get(0);
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
        int committed = write.deleted() && "DELETE".equals(request.method()) ? 200 : 201;
        response.json(w.accepted() ? 202 : status(committed), body);
    }
}
