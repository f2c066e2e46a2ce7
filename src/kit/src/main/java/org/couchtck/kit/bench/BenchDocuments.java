package org.couchtck.kit.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Seeded, CouchDB-like documents for benchmarks: the same seed gives the same documents. */
final class BenchDocuments {

    private static final String[] TYPES = {"post", "comment", "user", "tag"};

    private BenchDocuments() {}

    static List<ObjectNode> documents(int count, long seed) {
        Random random = new Random(seed);
        List<ObjectNode> docs = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            ObjectNode doc = JsonNodeFactory.instance.objectNode();
            doc.put("_id", String.format("doc-%08d", i));
            doc.put("_rev", "1-" + Long.toHexString(random.nextLong()));
            doc.put("type", TYPES[random.nextInt(TYPES.length)]);
            doc.put("n", random.nextInt(1_000_000));
            doc.put("score", random.nextDouble() * 100);
            doc.put("title", "Document number " + i + " with some text to carry");
            ArrayNode tags = doc.putArray("tags");
            for (int t = random.nextInt(4); t > 0; t--) {
                tags.add("t" + random.nextInt(50));
            }
            doc.putObject("author").put("name", "user" + random.nextInt(1000)).put("verified", random.nextBoolean());
            docs.add(doc);
        }
        return docs;
    }
}
