package org.couchtck.reference.mango;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class FieldsProjectionTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void should_keep_the_fields_in_the_order_given_when_extracting() throws Exception {
        ObjectNode doc = (ObjectNode) JSON.readTree("{\"_id\":\"a\",\"_rev\":\"1-x\",\"n\":1,\"o\":{\"k\":1,\"j\":2}}");

        ObjectNode shown = FieldsProjection.of(JSON.readTree("[\"n\",\"_id\",\"o.k\",\"missing\"]")).extract(doc);

        // as CouchDB 3.5.2 showed it for include_docs=true with these fields
        assertThat(shown.toString()).isEqualTo("{\"n\":1,\"_id\":\"a\",\"o\":{\"k\":1}}");
    }

    @Test
    void should_show_the_whole_document_when_the_fields_are_empty() throws Exception {
        ObjectNode doc = (ObjectNode) JSON.readTree("{\"_id\":\"a\",\"n\":1}");

        assertThat(FieldsProjection.of(JSON.readTree("[]")).extract(doc)).isEqualTo(doc);
    }

    @Test
    void should_refuse_a_field_that_is_not_a_string() throws Exception {
        JsonNode fields = JSON.readTree("[5]");

        assertThatThrownBy(() -> FieldsProjection.of(fields)).isInstanceOfSatisfying(MangoException.class,
                e -> assertThat(e.reason()).isEqualTo("Invalid JSON for field spec: 5"));
    }
}
