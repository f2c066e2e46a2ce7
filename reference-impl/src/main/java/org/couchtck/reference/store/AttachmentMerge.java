package org.couchtck.reference.store;

import java.util.ArrayList;
import java.util.List;

/**
 * The attachments of a new revision from those a write names ({@code couch_doc:merge_stubs/2} and
 * {@code couch_db:set_new_att_revpos/1}): new data is stored at the new revision's position, a stub takes the parent
 * revision's attachment of that name as it is, revpos included. The order is the write's.
 */
final class AttachmentMerge {

    private AttachmentMerge() {}

    /**
     * @param parent the attachments of the revision the write updates (none for a new document)
     * @throws MissingStubException when a stub names an attachment the parent lacks, or another revpos
     */
    static List<Attachment> merge(String docId, long newPos, List<AttachmentWrite> written, List<Attachment> parent) {
        List<Attachment> out = new ArrayList<>(written.size());
        for (AttachmentWrite w : written) {
            if (w instanceof AttachmentWrite.Data data) {
                out.add(AttachmentEncoding.store(data, newPos));
            } else {
                out.add(fromParent(docId, (AttachmentWrite.Stub) w, parent));
            }
        }
        return List.copyOf(out);
    }

    /** Fails as {@link #merge} would on the first stub the parent cannot satisfy. */
    static void checkStubs(String docId, List<AttachmentWrite> written, List<Attachment> parent) {
        for (AttachmentWrite w : written) {
            if (w instanceof AttachmentWrite.Stub stub) {
                fromParent(docId, stub, parent);
            }
        }
    }

    private static Attachment fromParent(String docId, AttachmentWrite.Stub stub, List<Attachment> parent) {
        for (Attachment a : parent) {
            if (a.name().equals(stub.name())) {
                // a stub without revpos matches any; one with revpos only the attachment written at that position
                if (stub.revpos() == null || stub.revpos() == a.revpos()) {
                    return a;
                }
                break;
            }
        }
        throw new MissingStubException(docId, stub.name());
    }
}
