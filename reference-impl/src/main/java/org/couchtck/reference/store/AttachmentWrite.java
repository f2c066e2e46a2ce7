package org.couchtck.reference.store;

import java.util.Objects;

/** One entry of {@code _attachments} in a document a client writes: new data, or a stub that keeps the parent's. */
public sealed interface AttachmentWrite {

    String name();

    /**
     * New data, stored at the position of the revision being written.
     *
     * @param gzipped whether {@code bytes} are already gzip-encoded (a standalone PUT with
     *     {@code Content-Encoding: gzip}); CouchDB then stores them as they are
     */
    record Data(String name, String contentType, byte[] bytes, boolean gzipped) implements AttachmentWrite {

        public Data {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(contentType, "contentType");
            Objects.requireNonNull(bytes, "bytes");
        }
    }

    /**
     * {@code stub: true}: the attachment of that name in the revision the write updates.
     *
     * @param revpos the {@code revpos} the stub names, which must then equal the parent attachment's; null when it
     *     names none. A value that is no integer is given as 0, which no attachment has, so it never matches (as in
     *     CouchDB, which compares the JSON value with {@code ==}).
     */
    record Stub(String name, Long revpos) implements AttachmentWrite {

        public Stub {
            Objects.requireNonNull(name, "name");
        }
    }
}
