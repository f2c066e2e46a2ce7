package org.couchtck.reference.store;

import java.util.Base64;
import java.util.Objects;

/**
 * One attachment as a revision keeps it: the bytes as stored (gzip for the types CouchDB compresses), and what CouchDB
 * reports about them. Revisions share these objects, so the arrays are never changed after construction.
 *
 * @param name its name in {@code _attachments}
 * @param contentType the MIME type the client gave (CouchDB's default is {@code application/octet-stream})
 * @param revpos the position of the revision that wrote its data; a stub carries it on unchanged
 * @param encoding {@code "identity"} or {@code "gzip"}: how {@code stored} is encoded
 * @param stored the bytes as stored (what {@code encoded_length} counts and {@code digest} hashes)
 * @param length what CouchDB reports as {@code length} (its disk_len): the identity length, except for data uploaded
 *     already gzip-encoded, whose identity length CouchDB never learns and reports as the encoded length
 * @param md5 the MD5 of {@code stored}: the {@code digest}, and what the next revision id hashes
 */
public record Attachment(String name, String contentType, long revpos, String encoding, byte[] stored, long length,
        byte[] md5) {

    public static final String IDENTITY = "identity";
    public static final String GZIP = "gzip";

    public Attachment {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(contentType, "contentType");
        Objects.requireNonNull(encoding, "encoding");
        Objects.requireNonNull(stored, "stored");
        Objects.requireNonNull(md5, "md5");
    }

    public boolean gzipped() {
        return GZIP.equals(encoding);
    }

    /** The bytes as the client sent them (decoded when stored gzip-encoded). */
    public byte[] data() {
        return gzipped() ? AttachmentEncoding.gunzip(stored) : stored.clone();
    }

    public long encodedLength() {
        return stored.length;
    }

    /** {@code md5-} and the base64 of the MD5, as CouchDB shows it in {@code _attachments}. */
    public String digest() {
        return "md5-" + Base64.getEncoder().encodeToString(md5);
    }

    /** As CouchDB's new_revid hashes it. */
    RevisionIds.Attachment forRevisionId() {
        return new RevisionIds.Attachment(name, contentType, md5);
    }
}
