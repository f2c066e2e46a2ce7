package org.couchtck.kit.process;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A class-data-sharing archive of the reference query server's classes. A run starts a new reference process for
 * every case that needs a fresh one, and most of such a start is loading Rhino's classes: with the archive a start
 * costs about a third less CPU. The archive is made once per JDK and class path by a short training session, kept in
 * the temporary folder, and simply not used when it cannot be made (an old or unusual JVM): it only ever saves time.
 *
 * <p>Set the system property {@value #DISABLE_PROPERTY} to {@code false} to never use one.
 */
final class ReferenceClassArchive {

    static final String DISABLE_PROPERTY = "couchtck.classArchive";

    private static final Duration TRAINING_LIMIT = Duration.ofSeconds(60);
    private static final Map<String, Optional<Path>> ARCHIVES = new ConcurrentHashMap<>();

    /** Lines that make the reference load what cases use: views, reduce, and each kind of design-document call. */
    private static final List<String> TRAINING = List.of(
            "[\"reset\",{\"reduce_limit\":true,\"reduce_limit_threshold\":5000,\"reduce_limit_ratio\":2.0,\"timeout\":5000}]",
            "[\"add_lib\",{\"utils\":\"exports.twice = function(x) { return 2 * x; };\"}]",
            "[\"add_fun\",\"function(doc) { var u = require('views/lib/utils'); emit([doc._id, 1.5], u.twice(doc.n)); "
                    + "log('mapped'); }\"]",
            "[\"map_doc\",{\"_id\":\"a\",\"n\":1,\"s\":\"\u00e9\",\"t\":[1,{\"x\":null}]}]",
            "[\"reduce\",[\"function(k, v, r) { return sum(v); }\"],[[[\"a\",\"a\"],1],[[\"b\",\"b\"],2]],\"\"]",
            "[\"rereduce\",[\"function(k, v, r) { return sum(v); }\"],[1,2],\"\"]",
            "[\"add_fun\",\"function(doc) { throw new Error('x'); }\"]",
            "[\"map_doc\",{\"_id\":\"b\"}]",
            "[\"ddoc\",\"new\",\"_design/t\",{\"_id\":\"_design/t\",\"shows\":{\"s\":\"function(doc, req) { "
                    + "provides('json', function() { return {json: {id: doc._id}}; }); }\"},"
                    + "\"lists\":{\"l\":\"function(head, req) { start({headers: {}}); var row; "
                    + "while (row = getRow()) { send(row.key); } return 'end'; }\"},"
                    + "\"updates\":{\"u\":\"function(doc, req) { return [doc, 'ok']; }\"},"
                    + "\"filters\":{\"f\":\"function(doc, req) { return !!doc.n; }\"},"
                    + "\"validate_doc_update\":\"function(n, o, u, s) { if (!n.ok) { throw({forbidden: 'no'}); } }\"}]",
            "[\"ddoc\",\"_design/t\",[\"shows\",\"s\"],[{\"_id\":\"a\"},{\"headers\":{\"Accept\":\"application/json\"},"
                    + "\"query\":{}}]]",
            "[\"ddoc\",\"_design/t\",[\"lists\",\"l\"],[{\"total_rows\":1},{\"query\":{}}]]",
            "[\"list_row\",{\"key\":\"k\",\"value\":1}]",
            "[\"list_end\"]",
            "[\"ddoc\",\"_design/t\",[\"updates\",\"u\"],[{\"_id\":\"a\"},{\"method\":\"POST\"}]]",
            "[\"ddoc\",\"_design/t\",[\"filters\",\"f\"],[[{\"_id\":\"a\",\"n\":1},{\"_id\":\"b\"}],{}]]",
            "[\"ddoc\",\"_design/t\",[\"validate_doc_update\"],[{\"_id\":\"a\"},null,{\"name\":null,\"roles\":[]},{}]]");

    private ReferenceClassArchive() {}

    /**
     * JVM options that start the reference from the archive, making the archive first if there is none yet; no
     * options when it cannot be had.
     */
    static List<String> jvmOptions(String java, String classPath) {
        if ("false".equalsIgnoreCase(System.getProperty(DISABLE_PROPERTY))) {
            return List.of();
        }
        return ARCHIVES.computeIfAbsent(java + "\n" + classPath, key -> archive(java, classPath))
                .map(archive -> List.of("-XX:SharedArchiveFile=" + archive,
                        // Keep the JVM's own messages (e.g. an archive it cannot map) off stdout, the protocol channel.
                        "-Xlog:disable", "-Xlog:all=warning:stderr"))
                .orElse(List.of());
    }

    private static Optional<Path> archive(String java, String classPath) {
        try {
            Path folder = folder();
            Path archive = folder.resolve(fingerprint(java, classPath) + ".jsa");
            if (Files.isRegularFile(archive) && Files.size(archive) > 0) {
                return Optional.of(archive);
            }
            Path training = Files.createTempFile(folder, "training-", ".jsa");
            Files.delete(training);
            if (train(java, classPath, training)) {
                Files.move(training, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                return Optional.of(archive);
            }
            Files.deleteIfExists(training);
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static boolean train(String java, String classPath, Path training) throws IOException {
        Process process = new ProcessBuilder(java, "-XX:+UseSerialGC", "-XX:ArchiveClassesAtExit=" + training,
                "-Xlog:disable", "-cp", classPath, ServerCommand.REFERENCE_MAIN)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (OutputStream in = process.getOutputStream()) {
            for (String line : TRAINING) {
                in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            // The server ended early; whether an archive came of it is decided below.
        }
        try {
            if (!process.waitFor(TRAINING_LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return false;
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return false;
        }
        return process.exitValue() == 0 && Files.isRegularFile(training) && Files.size(training) > 0;
    }

    /** Names the archive after everything that decides whether it fits: the JVM and each class-path entry. */
    private static String fingerprint(String java, String classPath) throws IOException {
        StringBuilder stamp = new StringBuilder(java + "\n" + System.getProperty("java.vm.version") + "\n");
        for (String entry : classPath.split(File.pathSeparator)) {
            Path path = Path.of(entry);
            stamp.append(entry).append('=').append(Files.isRegularFile(path)
                    ? Files.size(path) + "@" + Files.getLastModifiedTime(path).toMillis()
                    : "dir").append('\n');
        }
        return digest(stamp.toString());
    }

    /** A short name for {@code text}: the start of its SHA-256. */
    static String digest(String text) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8))).substring(0, 24);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** The folder where archives and query-server jars are kept. */
    static Path folder() throws IOException {
        return Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "couchtck-cds"));
    }
}
