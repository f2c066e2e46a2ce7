package org.couchtck.kit.endpoint;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClusterReadsTest {

    @ParameterizedTest(name = "{0} {1}: {2}")
    @CsvSource({
            "GET, /db, true",
            "HEAD, /db, true",
            "GET, /db/_all_docs?include_docs=true, true",
            "POST, /db/_all_docs, true",
            "GET, /db/_design_docs, true",
            "GET, /db/_changes?since=0, true",
            "GET, /db/_changes?feed=normal, true",
            "GET, /db/_changes?feed=longpoll&since=now, false",
            "GET, /db/_changes?feed=continuous, false",
            "POST, /db/_changes?filter=_doc_ids, true",
            "POST, /db/_find, true",
            "GET, /db/_design/d/_view/v?key=1, true",
            "POST, /db/_design/d/_view/v, true",
            "GET, /db/_design/d/_list/l/v, true",
            "GET, /db/_design/d/_info, true",
            "GET, /db/_design/d/_rewrite/all, true",
            "POST, /db/_design/d/_rewrite/post, false",
            "GET, /_all_dbs, true",
            "GET, /_db_updates, true",
            "GET, /_db_updates?feed=continuous, false",
            "GET, /db/doc, false",
            "GET, /db/_design/d, false",
            "GET, /db/_design/d/_show/s/doc, false",
            "PUT, /db/doc, false",
            "POST, /db, false",
            "POST, /db/_bulk_docs, false",
            "DELETE, /db, false",
            "GET, /_session, false",
            "GET, /, false"})
    void readsOfWhatTheCopiesShareOnlyEventuallyAreTold(String method, String path, boolean eventually) {
        assertThat(ClusterReads.eventuallyConsistent(method, path)).isEqualTo(eventually);
    }
}
