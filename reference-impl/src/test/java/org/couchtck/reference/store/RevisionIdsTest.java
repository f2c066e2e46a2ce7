package org.couchtck.reference.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Revision ids against those a real CouchDB 3.5.2 answered: a few by hand, then every document write recorded in
 * {@code ../shared/couchdb-http} that can be taken back to what CouchDB hashed.
 */
class RevisionIdsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void should_hash_the_body_alone_when_the_document_is_new() throws Exception {
        // when
        String n1 = RevisionIds.next(false, 0, null, json("{\"n\":1}"));
        String empty = RevisionIds.next(false, 0, null, json("{}"));

        // then (autoindex.bulk_write doc-0001, reduce.js_reduce_error "a")
        assertThat(n1).isEqualTo("731bef401491606a3b246ed178e697c1");
        assertThat(empty).isEqualTo("967a00dff5e02add41819138abb3284d");
    }

    @Test
    void should_chain_on_the_previous_revision_when_updating() throws Exception {
        // given 1-7a7e4b29f3af401e69b6f86e4c26b727, the revision of {"v":1}
        byte[] previous = HEX.parseHex("7a7e4b29f3af401e69b6f86e4c26b727");

        // when
        String next = RevisionIds.next(false, 1, previous, json("{\"v\":2}"));

        // then (auth_errors.precondition_failed)
        assertThat(next).isEqualTo("d0df861eb528e79690cd2ff3c4d394f3");
    }

    @Test
    void should_hash_deleted_and_an_empty_body_when_deleting() throws Exception {
        // given 2-d0df861eb528e79690cd2ff3c4d394f3
        byte[] previous = HEX.parseHex("d0df861eb528e79690cd2ff3c4d394f3");

        // when
        String next = RevisionIds.next(true, 2, previous, json("{}"));

        // then (changes.continuous_writes: DELETE ?rev=2-d0df... answered 3-9b72...)
        assertThat(next).isEqualTo("9b72b0117fa1058c3b8485ca2583dea3");
    }

    @Test
    void should_encode_big_integers_floats_byte_lists_and_unicode_when_the_body_has_them() throws Exception {
        // then (views.collation k099 and k000, reduce.stats_preaggregated d0003, reduce.sum_arrays d0000)
        assertThat(RevisionIds.next(false, 0, null, json("{\"k\":9007199254740993}")))
                .isEqualTo("8719c1cab338ff9a41a5298f63f9b4a9");
        assertThat(RevisionIds.next(false, 0, null, json("{\"k\":\"\u00e0\"}")))
                .isEqualTo("5a41a0e4ce786d7002fbc3d85882d917");
        assertThat(RevisionIds.next(false, 0, null, json("{\"k\":\"q\",\"v\":{\"sum\":2.5,\"count\":1,\"min\":2.5,"
                + "\"max\":2.5,\"sumsqr\":6.25,\"extra\":\"ignored\"}}")))
                .isEqualTo("c4a7f50f94d7b9f81c4e526e6fd47176");
        assertThat(RevisionIds.next(false, 0, null, json("{\"k\":\"a\",\"v\":[1,2,3]}")))
                .isEqualTo("12d11b5a499c84a4832f9d8d101d1b7c");
    }

    @Test
    void should_hash_attachment_digests_last_first_when_the_document_has_attachments() throws Exception {
        // given the digests CouchDB reported for changes.attachments' doc "att" (MD5s of the gzip-encoded data)
        List<RevisionIds.Attachment> attachments = List.of(
                new RevisionIds.Attachment("hello.txt", "text/plain",
                        Base64.getDecoder().decode("7mkg+nM0HN26sZkLN8KVSA==")),
                new RevisionIds.Attachment("page.html", "text/html",
                        Base64.getDecoder().decode("ojdQYSKP5YqgUAz7ek1AiQ==")));

        // when
        String next = RevisionIds.next(false, 0, null, json("{\"v\":1}"), attachments);

        // then
        assertThat(next).isEqualTo("66ca2c55bcf17611ef6d2bb03f9b5180");
    }

    @Test
    void should_keep_fields_in_order_without_taken_out_specials_when_taking_the_body() throws Exception {
        // given
        ObjectNode doc = json("{\"_id\":\"a\",\"z\":1,\"_rev\":\"1-x\",\"_deleted\":false,\"_access\":[\"u\"],"
                + "\"a\":2,\"_conflicts\":[],\"_attachments\":{}}");

        // when
        ObjectNode body = RevisionIds.bodyOf(doc);

        // then
        assertThat(JSON.writeValueAsString(body)).isEqualTo("{\"z\":1,\"_access\":[\"u\"],\"a\":2}");
    }

    @Test
    void should_reject_the_body_when_a_special_field_is_unknown_or_of_the_wrong_type() throws Exception {
        assertThatThrownBy(() -> RevisionIds.bodyOf(json("{\"_foo\":1}")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Bad special document member: _foo");
        assertThatThrownBy(() -> RevisionIds.bodyOf(json("{\"_deleted\":\"yes\"}")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Bad special document member: _deleted");
    }

    @Test
    void should_give_every_recorded_revision_when_replaying_the_recorded_document_writes() throws Exception {
        // given
        RecordedDocumentWrites.Result recorded = RecordedDocumentWrites.read(recordingsDir());

        // when
        List<String> mismatches = new ArrayList<>();
        long deletions = 0;
        long updates = 0;
        for (RecordedDocumentWrites.Write write : recorded.writes()) {
            String rev = (write.oldStart() + 1) + "-"
                    + RevisionIds.next(write.deleted(), write.oldStart(), write.oldRev(), write.body());
            if (!rev.equals(write.recordedRev())) {
                mismatches.add(write.where() + ": " + rev + " instead of " + write.recordedRev());
            }
            deletions += write.deleted() ? 1 : 0;
            updates += write.oldRev() != null ? 1 : 0;
        }
        int checked = recorded.writes().size();
        System.out.printf("revision ids: %d recorded writes checked (%d updates, %d deletions, %d recreations),"
                        + " %d matched; skipped: %s%n", checked, updates, deletions, recorded.recreations(),
                checked - mismatches.size(), recorded.skipped());

        // then
        assertThat(mismatches.size())
                .as("revisions that differ from CouchDB's, the first: %s",
                        mismatches.subList(0, Math.min(20, mismatches.size())))
                .isZero();
        assertThat(checked).as("recorded writes checked").isGreaterThan(1000);
        assertThat(updates).as("recorded updates checked").isPositive();
        assertThat(deletions).as("recorded deletions checked").isPositive();
    }

    private static ObjectNode json(String text) throws Exception {
        return (ObjectNode) JSON.readTree(text);
    }

    private static Path recordingsDir() {
        String shared = System.getProperty("couchtck.shared.dir");
        assertThat(shared)
                .as("system property couchtck.shared.dir must point at the shared directory")
                .isNotBlank();
        Path dir = Path.of(shared, "couchdb-http");
        assertThat(dir).as("recorded CouchDB exchanges %s", dir).isDirectory();
        return dir;
    }
}
