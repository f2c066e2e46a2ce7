package org.couchtck.kit.daemons.external;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.couchtck.kit.cases.Level;
import org.couchtck.kit.daemons.external.ReplyRules.Problem;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** What parse_external_response and send_external_response of CouchDB 2.2.0 accept. */
class ReplyRulesTest {

    @ParameterizedTest
    @ValueSource(strings = {"{}", "{\"code\":200,\"json\":{\"a\":1}}", "{\"body\":\"<p>hi</p>\",\"code\":404}",
        "{\"base64\":\"aGk=\",\"headers\":{\"Content-Type\":\"text/plain\",\"X-A\":\"1\"}}", "{\"json\":null}",
        "{\"code\":599,\"json\":[],\"stop\":true}", "{\"code\":100}"})
    void replies_couchdb_sends_as_meant_break_no_rule(String reply) {
        assertThat(ReplyRules.check(reply)).isEmpty();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
        "not json                                  | not JSON",
        "[\"error\",\"e\",\"r\"]                   | error line",
        "[\"fatal\",\"e\",\"r\"]                   | stopped handler",
        "[1,2]                                     | an array, not an object",
        "\"text\"                                  | a string, not an object",
        "{\"code\":\"200\"}                        | code is a string, not a whole number",
        "{\"code\":200.0}                          | code is a number, not a whole number",
        "{\"code\":1000}                           | has not the three digits",
        "{\"code\":99}                             | has not the three digits",
        "{\"body\":5}                              | body is a number, not a string",
        "{\"base64\":\"@@@@\"}                     | not standard base64",
        "{\"base64\":\"aGk\"}                      | not padded",
        "{\"base64\":1}                            | base64 is a number",
        "{\"headers\":[]}                          | headers must be an object",
        "{\"headers\":{\"X\":1}}                   | header X is a number, not a string",
        "{\"headers\":{\"X Y\":\"1\"}}             | is not an HTTP token",
        "{\"headers\":{\"X\":\"a\\r\\nB: c\"}}     | holds a line break",
        "{\"stop\":false}                          | only true is a stop",
        "{\"status\":200}                          | Invalid data from external server: {<<\"status\">>,200}",
    })
    void replies_couchdb_fails_on_break_a_must_rule(String reply, String message) {
        // when
        List<Problem> problems = ReplyRules.check(reply.strip());

        // then
        assertThat(problems).isNotEmpty();
        assertThat(problems.get(0).level()).isEqualTo(Level.MUST);
        assertThat(problems.get(0).message()).contains(message.strip());
    }

    @Test
    void more_than_one_body_and_a_code_of_no_http_class_break_should_rules_only() {
        // when
        List<Problem> problems = ReplyRules.check("{\"json\":{},\"body\":\"x\",\"code\":700}");

        // then
        assertThat(problems).extracting(Problem::level).containsOnly(Level.SHOULD);
        assertThat(problems).extracting(Problem::message).anySatisfy(m -> assertThat(m).contains("more than one"))
                .anySatisfy(m -> assertThat(m).contains("no HTTP status class"));
        assertThat(ReplyRules.atLevel(problems, Level.MUST)).isEmpty();
        assertThat(ReplyRules.atLevel(problems, Level.SHOULD)).hasSize(2);
    }
}
