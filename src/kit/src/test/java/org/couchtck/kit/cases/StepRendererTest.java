package org.couchtck.kit.cases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.couchtck.kit.cases.TestCases.step;

import java.util.Set;
import org.junit.jupiter.api.Test;

class StepRendererTest {

    private static StepRenderer renderer(String version) {
        return new StepRenderer(new TargetProfile("javascript", CouchDbVersion.parse(version), Set.of()));
    }

    @Test
    void should_send_compact_json_with_functions_substituted_anywhere() {
        Step add = step(StepKind.SEND, "[\"add_lib\", {\"m\": {\"$fn\": {\"javascript\": \"exports.x = 1;\", "
                + "\"python\": \"x = 1\"}}, \"n\": [1, 2.0]}]");

        assertThat(renderer("3.5.2").line(add)).contains("[\"add_lib\",{\"m\":\"exports.x = 1;\",\"n\":[1,2.0]}]");
    }

    @Test
    void should_keep_non_ascii_raw_and_key_order_when_sending() {
        Step map = step(StepKind.SEND, "[\"map_doc\",{\"z\":\"caf\u00e9 \u65e5 \ud83d\ude00\",\"a\":1e21,\"b\":0.1}]");

        assertThat(renderer("3.5.2").line(map))
                .contains("[\"map_doc\",{\"z\":\"caf\u00e9 \u65e5 \ud83d\ude00\",\"a\":1E+21,\"b\":0.1}]");
    }

    @Test
    void should_send_raw_text_verbatim() {
        Step raw = step(StepKind.RAW, "{\"raw\": \"[ \\\"reset\\\" ]\\r\", \"insert\": {}}");

        assertThat(renderer("3.5.2").line(raw)).contains("[ \"reset\" ]\r");
    }

    @Test
    void should_send_the_reset_config_with_thresholds_from_3_5_1() {
        assertThat(renderer("3.5.1").line(step(StepKind.RESET, "{}"))).contains(
                "[\"reset\",{\"reduce_limit\":true,\"reduce_limit_threshold\":5000,\"reduce_limit_ratio\":2.0,"
                        + "\"timeout\":5000}]");
    }

    @Test
    void should_send_the_reset_config_without_thresholds_before_3_5_1() {
        assertThat(renderer("3.5.0").line(step(StepKind.RESET, "{}")))
                .contains("[\"reset\",{\"reduce_limit\":true,\"timeout\":5000}]");
    }

    @Test
    void should_merge_overrides_and_drop_nulls_when_resetting() {
        Step reset = step(StepKind.RESET, "{\"timeout\":500,\"reduce_limit_ratio\":null,\"extra\":\"x\"}");

        assertThat(renderer("3.5.2").line(reset)).contains(
                "[\"reset\",{\"reduce_limit\":true,\"reduce_limit_threshold\":5000,\"timeout\":500,\"extra\":\"x\"}]");
    }

    @Test
    void should_add_the_context_to_reduce_from_3_5_2() {
        Step reduce = step(StepKind.REDUCE, "{\"funs\":[{\"$fn\":{\"javascript\":\"function(k,v){return 1}\"}}],"
                + "\"kvs\":[[[\"a\",\"d\"],1]],\"context\":\"db/_design/d/_view/v\"}");

        assertThat(renderer("3.5.2").line(reduce)).contains(
                "[\"reduce\",[\"function(k,v){return 1}\"],[[[\"a\",\"d\"],1]],\"db/_design/d/_view/v\"]");
        assertThat(renderer("3.5.1").line(reduce))
                .contains("[\"reduce\",[\"function(k,v){return 1}\"],[[[\"a\",\"d\"],1]]]");
    }

    @Test
    void should_default_the_context_to_empty_when_absent() {
        Step rereduce = step(StepKind.REREDUCE, "{\"funs\":[\"_sum\"],\"values\":[1,2]}");

        assertThat(renderer("3.5.2").line(rereduce)).contains("[\"rereduce\",[\"_sum\"],[1,2],\"\"]");
        assertThat(renderer("3.4.0").line(rereduce)).contains("[\"rereduce\",[\"_sum\"],[1,2]]");
    }

    @Test
    void should_send_nothing_when_closing() {
        assertThat(renderer("3.5.2").line(step(StepKind.CLOSE, "null"))).isEmpty();
    }

    @Test
    void should_refuse_a_function_without_a_source_for_the_language() {
        StepRenderer python = new StepRenderer(new TargetProfile("python", CouchDbVersion.LATEST, Set.of()));

        assertThatThrownBy(() -> python.line(step(StepKind.SEND, "[\"add_fun\",{\"$fn\":{\"javascript\":\"f\"}}]")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("no python source for");
    }

    @Test
    void should_render_the_checkout_reset_for_each_version() {
        assertThat(renderer("3.5.2").resetLine()).isEqualTo(
                "[\"reset\",{\"reduce_limit\":true,\"reduce_limit_threshold\":5000,\"reduce_limit_ratio\":2.0,"
                        + "\"timeout\":5000}]");
        assertThat(renderer("3.4.2").resetLine()).isEqualTo("[\"reset\",{\"reduce_limit\":true,\"timeout\":5000}]");
    }

    @Test
    void should_name_the_target_language_in_a_new_design_document() {
        // given a design document written for couchjs, with a function that has a python source
        StepRenderer python = new StepRenderer(new TargetProfile("python", CouchDbVersion.LATEST, Set.of()));
        Step ddoc = step(StepKind.SEND, "[\"ddoc\",\"new\",\"_design/d\",{\"_id\":\"_design/d\","
                + "\"language\":\"javascript\",\"filters\":{\"f\":{\"$fn\":{\"python\":\"def fun(doc, req): return True\"}}}}]");

        // when / then
        assertThat(python.line(ddoc)).hasValueSatisfying(line -> assertThat(line)
                .contains("\"language\":\"python\"").doesNotContain("javascript"));
    }

    @Test
    void should_leave_the_language_of_other_messages_alone() {
        StepRenderer python = new StepRenderer(new TargetProfile("python", CouchDbVersion.LATEST, Set.of()));

        assertThat(python.line(step(StepKind.SEND, "[\"map_doc\",{\"_id\":\"a\",\"language\":\"javascript\"}]")))
                .contains("[\"map_doc\",{\"_id\":\"a\",\"language\":\"javascript\"}]");
    }
}
