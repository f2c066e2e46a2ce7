package org.couchtck.kit.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.couchtck.kit.report.TestRuns.aCase;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.wire.Direction;
import org.junit.jupiter.api.Test;

class ReplyDriftTest {

    @Test
    void should_see_no_drift_between_two_runs_of_an_http_case_that_differ_only_in_what_each_run_makes_up() {
        CaseResult first = httpCase(42473, "couchtck-mwtzcutyf4-149-db", "Tue, 24 Nov 2026 00:53:01 GMT",
                "51d7c920ae", "0a1b2c3d4e5f60718293a4b5c6d7e8f9", "{\"ok\":true}");
        CaseResult second = httpCase(39001, "couchtck-q8zzk1ab3c-150-db", "Wed, 25 Nov 2026 10:00:00 GMT",
                "ffff000011", "99999999999999999999999999999999", "{\"ok\":true}");

        assertThat(ReplyDrift.between(first, second).outcome()).isEqualTo(ReplyDrift.Outcome.SAME);
    }

    @Test
    void should_compare_the_requests_of_a_case_that_makes_a_user_named_per_run() {
        CaseResult first = userCase("couchtck-mwtzcutyf4-149-db", "couchtck-mwtzcutyf4-149-user");
        CaseResult second = userCase("couchtck-q8zzk1ab3c-150-db", "couchtck-q8zzk1ab3c-150-user");

        assertThat(ReplyDrift.between(first, second).outcome()).isEqualTo(ReplyDrift.Outcome.SAME);
    }

    @Test
    void should_see_drift_when_an_http_reply_gains_a_field_or_changes_its_status() {
        CaseResult first = httpCase(42473, "couchtck-a-1-db", "d1", "r1", "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
                "{\"ok\":true}");
        CaseResult newField = httpCase(42474, "couchtck-b-1-db", "d2", "r2", "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
                "{\"ok\":true,\"warning\":\"x\"}");

        ReplyDrift.Check check = ReplyDrift.between(first, newField);

        assertThat(check.outcome()).isEqualTo(ReplyDrift.Outcome.DRIFTED);
        assertThat(check.drift()).get().extracting(ReplyDrift::reply, ReplyDrift::path)
                .containsExactly(2, "$.body[0].warning");
    }

    @Test
    void should_find_the_first_difference_with_its_path_ignoring_key_order() {
        ObjectMapper json = new ObjectMapper();

        assertThat(ReplyDrift.firstDifference(json.valueToTree(Map.of("a", 1, "b", List.of(1, 2))),
                json.valueToTree(Map.of("b", List.of(1, 2), "a", 1)), "$")).isEmpty();
        assertThat(ReplyDrift.firstDifference(json.valueToTree(List.of(1, 2)),
                json.valueToTree(List.of(1, 2, 3)), "$")).contains("$[2]");
        assertThat(ReplyDrift.firstDifference(json.valueToTree(Map.of("a", "x")),
                json.valueToTree(Map.of()), "$")).contains("$.a");
    }

    /** An HTTP case as the executor records it: a database made, a document posted under a generated id. */
    private static CaseResult httpCase(int port, String database, String date, String requestId, String docId,
            String lastBody) {
        String endpoint = "http://127.0.0.1:" + port;
        return aCase("http.documents.post")
                .line(Direction.EVENT, "case http.documents.post against " + endpoint + ", databases {db=" + database + "}")
                .line(Direction.SENT, "PUT /" + database + "\nAccept: application/json\nAuthorization: (admin)")
                .line(Direction.RECEIVED, "201\ncache-control: must-revalidate\ncontent-type: application/json\n"
                        + "date: " + date + "\nlocation: " + endpoint + "/" + database + "\nx-couch-request-id: "
                        + requestId + "\n\n{\"ok\":true}\n")
                .line(Direction.SENT, "POST /" + database + "\nContent-Type: application/json\n\n{\"v\":1}")
                .line(Direction.RECEIVED, "201\ncontent-type: application/json\ndate: " + date + "\n\n"
                        + lastBody.replace("}", ",\"id\":\"" + docId + "\"}") + "\n")
                .build();
    }

    /** An HTTP case that makes a user: the user's name is the run's, as its databases' are. */
    private static CaseResult userCase(String database, String user) {
        return aCase("http.databases.members-only")
                .line(Direction.EVENT, "case http.databases.members-only against http://127.0.0.1:5984, databases {db="
                        + database + "}, users {user=" + user + "}")
                .line(Direction.SENT, "PUT /_users/org.couchdb.user:" + user + "\nContent-Type: application/json\n\n"
                        + "{\"name\":\"" + user + "\",\"password\":\"p\",\"roles\":[],\"type\":\"user\"}")
                .line(Direction.RECEIVED, "201\ncontent-type: application/json\n\n{\"ok\":true}\n")
                .build();
    }
}
