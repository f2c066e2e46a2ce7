package org.couchtck.reference.collation;

import static net.javacrumbs.jsonunit.assertj.JsonAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.couchtck.reference.collation.RecordedViewScenario.Query;
import org.couchtck.reference.collation.RecordedViewScenario.Row;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The recorded collation scenarios of a real CouchDB 3.5.2, reproduced: the keys the recorded documents emit, sorted by
 * the view's collation (key, then document id), then cut by each recorded request's range — every recorded row list,
 * its offset and total_rows must come out exactly.
 */
class RecordedCollationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"views.collation", "views.collation_ranges", "views.collation_raw"})
    void should_reproduce_every_recorded_row_list_when_emitted_keys_are_sorted_by_the_view_collation(String id)
            throws Exception {
        // given
        RecordedViewScenario scenario = RecordedViewScenario.read(recordings().resolve("views").resolve(id + ".json"));
        assertThat(scenario.emitted()).as("emitted rows").hasSize(113);
        assertThat(scenario.queries()).as("recorded view requests").isNotEmpty();

        for (Query query : scenario.queries()) {
            ViewCollation collation = scenario.collations().get(query.view());
            assertThat(collation).as("collation of %s", query.view()).isNotNull();

            // when
            Answer answer = answer(collation, scenario.emitted(), query.params());

            // then
            String what = id + " / " + query.label() + " (" + collation + ")";
            assertThat(ids(answer.rows())).as(what).isEqualTo(ids(query.rows()));
            assertThatJson(keys(answer.rows())).as(what).withTolerance(BigDecimal.ZERO).isEqualTo(keys(query.rows()));
            assertThat(answer.offset()).as(what + " offset").isEqualTo(query.offset());
            assertThat(scenario.emitted()).as(what + " total_rows").hasSize(query.totalRows());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"views.collation", "views.collation_raw"})
    void should_use_raw_collation_only_for_views_whose_own_options_ask_for_it_when_recorded(String id)
            throws Exception {
        // given
        RecordedViewScenario scenario = RecordedViewScenario.read(recordings().resolve("views").resolve(id + ".json"));

        // then: _design/c of collation_raw has view-level options; _design/d has them at ddoc level, where they do nothing
        if (id.equals("views.collation_raw")) {
            assertThat(scenario.collations()).containsEntry("c/k", ViewCollation.RAW)
                    .containsEntry("d/k", ViewCollation.COUCHDB);
        } else {
            assertThat(scenario.collations()).containsEntry("c/k", ViewCollation.COUCHDB);
        }
    }

    /** Rows of a view request and the offset of the first (the rows before it in the direction of travel). */
    private record Answer(List<Row> rows, int offset) {
    }

    private static Answer answer(ViewCollation collation, List<Row> emitted, List<List<String>> params) {
        JsonNode startKey = null;
        JsonNode endKey = null;
        boolean descending = false;
        boolean inclusiveEnd = true;
        int limit = Integer.MAX_VALUE;
        for (List<String> param : params) {
            String value = param.get(1);
            switch (param.get(0)) {
                case "key" -> {
                    startKey = json(value);
                    endKey = startKey;
                }
                case "startkey", "start_key" -> startKey = json(value);
                case "endkey", "end_key" -> endKey = json(value);
                case "descending" -> descending = Boolean.parseBoolean(value);
                case "inclusive_end" -> inclusiveEnd = Boolean.parseBoolean(value);
                case "limit" -> limit = Integer.parseInt(value);
                default -> fail("recorded parameter this test does not model: " + param);
            }
        }
        Comparator<Row> order = (a, b) -> collation.compareRows(a.key(), a.id(), b.key(), b.id());
        List<Row> travel = new ArrayList<>(emitted);
        travel.sort(descending ? order.reversed() : order);
        int direction = descending ? -1 : 1;

        int first = 0;
        while (startKey != null && first < travel.size()
                && direction * collation.compare(travel.get(first).key(), startKey) < 0) {
            first++;
        }
        List<Row> rows = new ArrayList<>();
        for (int i = first; i < travel.size() && rows.size() < limit; i++) {
            Row row = travel.get(i);
            if (endKey != null) {
                int pastEnd = direction * collation.compare(row.key(), endKey);
                if (pastEnd > 0 || pastEnd == 0 && !inclusiveEnd) {
                    break;
                }
            }
            rows.add(row);
        }
        return new Answer(Collections.unmodifiableList(rows), first);
    }

    private static List<String> ids(List<Row> rows) {
        return rows.stream().map(Row::id).toList();
    }

    private static List<JsonNode> keys(List<Row> rows) {
        return rows.stream().map(Row::key).toList();
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    private static Path recordings() {
        String shared = System.getProperty("couchtck.shared.dir");
        assertThat(shared).as("system property couchtck.shared.dir must point at the shared directory").isNotBlank();
        Path dir = Path.of(shared, "couchdb-http");
        assertThat(dir).as("recorded CouchDB exchanges %s", dir).isDirectory();
        return dir;
    }
}
