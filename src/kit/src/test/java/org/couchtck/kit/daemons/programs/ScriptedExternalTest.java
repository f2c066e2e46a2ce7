package org.couchtck.kit.daemons.programs;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.couchtck.kit.process.ChildProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class ScriptedExternalTest {

    @Test
    void should_echo_the_request_with_the_authorization_redacted_when_the_body_scripts_nothing() throws IOException {
        // when
        String answer = ScriptedExternal.answer("{\"method\":\"GET\",\"body\":\"undefined\","
                + "\"headers\":{\"Authorization\":\"Basic YWRtaW46YWRtaW4=\",\"Accept\":\"*/*\"}}");

        // then
        assertThatJson(answer).isEqualTo("{\"json\":{\"request\":{\"method\":\"GET\",\"body\":\"undefined\","
                + "\"headers\":{\"Authorization\":\"(redacted)\",\"Accept\":\"*/*\"}}}}");
    }

    @Test
    void should_answer_what_the_body_scripts_as_json_or_as_it_is() throws IOException {
        // when
        String reply = ScriptedExternal.answer("{\"body\":\"{\\\"couchtck_reply\\\":{\\\"code\\\":201,"
                + "\\\"json\\\":{\\\"a\\\":1}}}\"}");
        String raw = ScriptedExternal.answer("{\"body\":\"{\\\"couchtck_raw\\\":\\\"no json here\\\"}\"}");

        // then
        assertThat(reply).isEqualTo("{\"code\":201,\"json\":{\"a\":1}}");
        assertThat(raw).isEqualTo("no json here");
    }

    @Test
    void should_answer_each_request_line_with_one_line_and_exit_when_its_input_closes() throws Exception {
        try (HostSide host = HostSide.start(ScriptedExternal.class)) {
            // when
            host.send("{\"method\":\"POST\",\"body\":\"{\\\"couchtck_reply\\\":{\\\"body\\\":\\\"x\\\"}}\"}");
            String first = host.next();
            host.send("not json");
            String second = host.next();
            host.closeInput();

            // then
            assertThat(first).isEqualTo("{\"body\":\"x\"}");
            assertThatJson(second).isEqualTo("{\"code\":500,\"json\":{\"error\":\"the handler got a line that is "
                    + "no JSON\",\"line\":\"not json\"}}");
            assertThat(host.exit()).isEqualTo(0);
        }
        ChildProcesses.assertNoneAlive();
    }
}
