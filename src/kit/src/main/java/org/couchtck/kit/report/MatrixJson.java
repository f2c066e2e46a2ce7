package org.couchtck.kit.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.couchtck.kit.check.CaseResult;
import org.couchtck.kit.check.Verdict;

/**
 * {@code matrix.json}: the matrix for machines. {@code targets} in column order (name, what was run, passed, verdict
 * counts, the MUST score of the badge, or {@code unavailable} with the reason), then {@code cases} in row order (id,
 * section, level, description, and {@code verdicts} by target name; a target that did not run the case is left out).
 * Its JSON Schema ships beside this class ({@link #SCHEMA_RESOURCE}).
 */
public final class MatrixJson {

    static final int SCHEMA_VERSION = 1;
    /** The JSON Schema of matrix.json, on the kit's class path beside this class. */
    public static final String SCHEMA_RESOURCE = "matrix.schema.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private MatrixJson() {}

    public static void write(Matrix matrix, Path file) throws IOException {
        Files.writeString(file, render(matrix));
    }

    static String render(Matrix matrix) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        root.put("passed", matrix.allPassed());
        ArrayNode targets = root.putArray("targets");
        for (Matrix.Target target : matrix.targets()) {
            ObjectNode node = targets.addObject();
            node.put("name", target.name());
            if (target.run().isEmpty()) {
                node.put("unavailable", target.unavailable());
                continue;
            }
            RunResult run = target.run().get();
            node.put("runId", run.runId());
            node.put("kitVersion", run.kitVersion());
            node.put("command", run.target().command());
            node.put("language", run.target().language());
            node.put("profile", run.target().profile());
            node.put("endpoint", run.target().endpoint());
            node.put("passed", run.passed());
            ObjectNode counts = node.putObject("counts");
            for (Map.Entry<Verdict, Integer> count : run.counts().entrySet()) {
                counts.put(count.getKey().name(), count.getValue());
            }
            Matrix.MustScore must = target.mustScore();
            node.putObject("must").put("passed", must.passed()).put("applicable", must.applicable())
                    .put("ofProfile", must.ofProfile());
        }
        ArrayNode cases = root.putArray("cases");
        for (Matrix.Row row : matrix.rows()) {
            ObjectNode node = cases.addObject();
            node.put("id", row.caseId());
            node.put("section", row.section());
            node.put("level", row.level() == null ? null : row.level().name());
            node.put("description", row.description());
            ObjectNode verdicts = node.putObject("verdicts");
            for (int t = 0; t < matrix.targets().size(); t++) {
                CaseResult cell = row.cells().get(t);
                if (cell != null) {
                    verdicts.put(matrix.targets().get(t).name(), cell.verdict().name());
                }
            }
        }
        return JSON.writeValueAsString(root) + "\n";
    }
}
