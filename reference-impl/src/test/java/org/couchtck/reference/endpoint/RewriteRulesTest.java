package org.couchtck.reference.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Targets as CouchDB 3.5.2 (built from source) rewrote the same requests with the same rules. */
class RewriteRulesTest {

    private static final JsonNode RULES = json("[{\"from\":\"/doc/:id\",\"to\":\"../../:id\"},"
            + "{\"from\":\"/show/*\",\"to\":\"_show/s/*\"},"
            + "{\"from\":\"/all\",\"to\":\"../../_all_docs\",\"method\":\"GET\"},"
            + "{\"from\":\"/q/:a/:b\",\"to\":\"_show/s/:a\",\"query\":{\"b\":\":b\",\"lit\":\"x\",\"arr\":[\":a\",\"-y\"]}},"
            + "{\"from\":\"/k\",\"to\":\"_view/v\",\"query\":{\"key\":\":k\"}}]");

    @Test
    void should_bind_a_path_variable_when_the_rule_names_one() {
        // a path variable is a binding too, and every binding goes into the query (maybe_encode_bindings)
        assertThat(RewriteRules.target(RULES, "GET", List.of("doc", "doc1"), List.of(), true))
                .isEqualTo("../../doc1?id=doc1");
    }

    @Test
    void should_append_the_rest_of_the_path_and_the_query_when_the_rule_ends_in_a_star() {
        assertThat(RewriteRules.target(RULES, "GET", List.of("show", "doc 1", "x"), List.of(Map.entry("x", "2")), true))
                .isEqualTo("_show/s/doc+1/x?x=2");
    }

    @Test
    void should_order_the_query_as_couchdb_does_when_the_rule_has_a_query() {
        String target = RewriteRules.target(RULES, "GET", List.of("q", "doc1", "bee"), List.of(Map.entry("z", "1")),
                true);

        // CouchDB's show saw req.query {"b","lit","arr","z","a"} in this order
        assertThat(target).isEqualTo("_show/s/doc1?b=bee&lit=x&arr=doc1-y&z=1&a=doc1");
    }

    @Test
    void should_encode_a_string_bound_to_key_as_json() {
        assertThat(RewriteRules.target(RULES, "GET", List.of("k"), List.of(Map.entry("k", "1")), true))
                .isEqualTo("_view/v?key=%221%22&k=1");
    }

    @Test
    void should_answer_not_found_when_no_rule_fits_the_method() {
        assertThatThrownBy(() -> RewriteRules.target(RULES, "POST", List.of("all"), List.of(), true))
                .isInstanceOfSatisfying(CouchError.class, e -> assertThat(e.status()).isEqualTo(404));
    }

    @Test
    void should_refuse_every_rewrite_when_one_rule_climbs_three_levels() {
        JsonNode rules = json("[{\"from\":\"/doc/:id\",\"to\":\"../../:id\"},{\"from\":\"/up/*\",\"to\":\"../../../*\"}]");

        assertThatThrownBy(() -> RewriteRules.target(rules, "GET", List.of("doc", "doc1"), List.of(), true))
                .isInstanceOfSatisfying(CouchError.class, e -> assertThat(e.error()).isEqualTo("insecure_rewrite_rule"));
        assertThat(RewriteRules.target(rules, "GET", List.of("doc", "doc1"), List.of(), false))
                .isEqualTo("../../doc1?id=doc1");
    }

    @Test
    void should_resolve_dot_dot_against_the_design_document_when_normalizing() {
        assertThat(RewriteRoute.normalize("/db/_design/r/../../doc1")).isEqualTo("/db/doc1");
        assertThat(RewriteRoute.normalize("/db/_design/r/./_show/s")).isEqualTo("/db/_design/r/_show/s");
    }

    private static JsonNode json(String text) {
        try {
            return Json.MAPPER.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }
}
