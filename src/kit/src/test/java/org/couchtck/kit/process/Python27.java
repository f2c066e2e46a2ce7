package org.couchtck.kit.process;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Finds a Python 2.7 interpreter for the tests that run Python view servers under it as well as under Python 3.
 * It looks for {@code python2.7} on the PATH, then under {@code $PYENV_ROOT/versions/2.7*}{@code /bin}, then under
 * {@code ~/.pyenv/versions/2.7*}{@code /bin}, and takes the first that really runs and says it is 2.7: pyenv's shim
 * on the PATH exists but refuses while no 2.7 version is selected.
 */
public final class Python27 {

    private static final String PROBE = "import sys; sys.stdout.write('%d.%d' % sys.version_info[:2])";
    private static final long PROBE_SECONDS = 20;

    private static Search search;

    private Python27() {}

    /**
     * What the search found: the interpreter, if any, and every place it looked with what it saw there.
     *
     * @param interpreter the absolute path of a working python2.7
     * @param looked each place looked, with its outcome
     */
    public record Search(Optional<Path> interpreter, List<String> looked) {

        /** Where it looked, for a skip or failure message. */
        public String describe() {
            return "no working Python 2.7 found; looked at: " + String.join("; ", looked);
        }
    }

    /** Searches once per JVM; later calls answer the same. */
    public static synchronized Search find() {
        if (search == null) {
            search = search(System.getenv("PATH"), System.getenv("PYENV_ROOT"), System.getProperty("user.home"));
        }
        return search;
    }

    static Search search(String pathVariable, String pyenvRoot, String home) {
        List<String> looked = new ArrayList<>();
        List<Path> candidates = new ArrayList<>();
        if (pathVariable != null) {
            for (String dir : pathVariable.split(File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    candidates.add(Path.of(dir, "python2.7"));
                }
            }
        }
        looked.add("python2.7 on PATH (" + (pathVariable == null ? "unset" : pathVariable) + ")");
        if (pyenvRoot != null && !pyenvRoot.isBlank()) {
            candidates.addAll(pyenvVersions(Path.of(pyenvRoot), looked));
        } else {
            looked.add("$PYENV_ROOT (unset)");
        }
        if (home != null && (pyenvRoot == null || !Path.of(pyenvRoot).equals(Path.of(home, ".pyenv")))) {
            candidates.addAll(pyenvVersions(Path.of(home, ".pyenv"), looked));
        }
        for (Path candidate : candidates.stream().distinct().toList()) {
            if (!Files.isRegularFile(candidate) || !Files.isExecutable(candidate)) {
                continue;
            }
            String outcome = probe(candidate);
            looked.add(candidate + " (" + outcome + ")");
            if (outcome.equals("2.7")) {
                return new Search(Optional.of(candidate.toAbsolutePath()), List.copyOf(looked));
            }
        }
        return new Search(Optional.empty(), List.copyOf(looked));
    }

    /** {@code <root>/versions/2.7*}{@code /bin/python2.7}, newest version first. */
    private static List<Path> pyenvVersions(Path root, List<String> looked) {
        Path versions = root.resolve("versions");
        looked.add(versions + "/2.7*/bin/python2.7");
        if (!Files.isDirectory(versions)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(versions)) {
            return entries.filter(p -> p.getFileName().toString().startsWith("2.7"))
                    .sorted(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed())
                    .map(p -> p.resolve("bin").resolve("python2.7")).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The interpreter's "major.minor", or why it said none; the probe never outlives its timeout. */
    private static String probe(Path candidate) {
        Process process;
        try {
            process = new ProcessBuilder(candidate.toString(), "-c", PROBE).redirectErrorStream(true).start();
        } catch (IOException e) {
            return "cannot start: " + e.getMessage();
        }
        try (InputStream out = process.getInputStream()) {
            process.getOutputStream().close();
            if (!process.waitFor(PROBE_SECONDS, TimeUnit.SECONDS)) {
                return "no answer in " + PROBE_SECONDS + " s";
            }
            String said = new String(out.readAllBytes(), StandardCharsets.UTF_8).strip();
            return process.exitValue() == 0 ? said : "exit " + process.exitValue();
        } catch (IOException e) {
            return "unreadable: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }
}
