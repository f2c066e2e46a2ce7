package org.couchtck.reference.ken;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class DesignDocTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static DesignDoc read(String body) throws Exception {
        return DesignDoc.of("_design/d", (ObjectNode) JSON.readTree(body));
    }

    @Test
    void should_default_to_javascript_and_autoupdate_when_the_ddoc_says_nothing() throws Exception {
        // when
        DesignDoc ddoc = read("{\"views\": {\"v\": {\"map\": \"function(doc) {}\"}}}");

        // then
        assertThat(ddoc).isEqualTo(new DesignDoc("_design/d", "javascript", true, true));
    }

    @Test
    void should_turn_views_off_when_autoupdate_is_false_for_the_whole_ddoc_or_for_views() throws Exception {
        assertThat(read("{\"autoupdate\": false}").autoupdateViews()).isFalse();
        assertThat(read("{\"autoupdate\": {\"views\": false}}").autoupdateViews()).isFalse();
    }

    @Test
    void should_keep_views_on_when_autoupdate_is_anything_but_json_false() throws Exception {
        assertThat(read("{\"autoupdate\": true}").autoupdateViews()).isTrue();
        assertThat(read("{\"autoupdate\": \"false\"}").autoupdateViews()).isTrue();
        assertThat(read("{\"autoupdate\": null}").autoupdateViews()).isTrue();
        assertThat(read("{\"autoupdate\": {\"indexes\": false}}").autoupdateViews()).isTrue();
        assertThat(read("{\"autoupdate\": {\"views\": \"false\"}}").autoupdateViews()).isTrue();
    }

    @Test
    void should_count_only_views_with_a_map_when_deciding_there_is_an_index() throws Exception {
        assertThat(read("{\"views\": {\"v\": {\"reduce\": \"_count\"}}}").hasViews()).isFalse();
        assertThat(read("{\"views\": {}}").hasViews()).isFalse();
        assertThat(read("{\"views\": []}").hasViews()).isFalse();
        assertThat(read("{\"views\": {\"a\": 1, \"b\": {\"map\": \"f\"}}}").hasViews()).isTrue();
    }

    @Test
    void should_read_the_language_when_it_is_a_string() throws Exception {
        assertThat(read("{\"language\": \"cobol\"}").language()).isEqualTo("cobol");
        assertThat(read("{\"language\": 3}").language()).isEqualTo("javascript");
    }
}
