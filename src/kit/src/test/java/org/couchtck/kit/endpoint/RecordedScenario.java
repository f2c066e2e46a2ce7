package org.couchtck.kit.endpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.couchtck.kit.wire.WireJson;

/**
 * One recorded CouchDB scenario, {@code shared/couchdb-http/<section>/<id>.json}: its exchanges in the order the
 * requests were sent.
 *
 * @param id {@code <section>.<name>}
 * @param exchanges in order
 */
record RecordedScenario(String id, List<RecordedExchange> exchanges) {

    RecordedScenario {
        exchanges = List.copyOf(exchanges);
    }

    /** The file of scenario {@code id} under {@code recordings} (the {@code couchdb-http} folder). */
    static Path file(Path recordings, String id) {
        return recordings.resolve(id.substring(0, id.indexOf('.'))).resolve(id + ".json");
    }

    /** Reads scenario {@code id} from {@code recordings}. */
    static RecordedScenario load(Path recordings, String id) {
        JsonNode root;
        try {
            // The kit's own mapper: object keys keep their order, numbers their form, as the wire had them.
            root = WireJson.mapper().readTree(Files.readString(file(recordings, id)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read recording " + id, e);
        }
        List<RecordedExchange> exchanges = new ArrayList<>();
        JsonNode list = root.path("exchanges");
        for (int i = 0; i < list.size(); i++) {
            exchanges.add(RecordedExchange.parse(i, list.get(i)));
        }
        return new RecordedScenario(root.path("id").asText(id), exchanges);
    }
}
