package org.couchtck.kit.process;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * A jar with only what the reference query server runs on (its own classes and Rhino), copied out of a class path
 * that holds much more (the kit's jar carries Jetty, ICU4J, Jackson, ...). A JVM opens every jar of its class path
 * and reads its whole directory at start; with the query server's 2 MB instead of the kit's 50 MB a start is
 * measurably shorter and smaller. Made once per class path, kept in the temporary folder; when it cannot be made the
 * full class path serves.
 */
final class QueryServerJar {

    /** What the query server loads: its packages, Rhino, and Rhino's service files (the RegExp engine). */
    static final List<String> PREFIXES = List.of("org/couchtck/reference/queryserver/", "org/mozilla/",
            "META-INF/services/org.mozilla.");

    private static final Map<String, Optional<Path>> JARS = new ConcurrentHashMap<>();

    private QueryServerJar() {}

    /** The thin jar for {@code classPath}, made in {@code folder}, or the class path itself when none can be made. */
    static String classPath(String classPath, Path folder) {
        String fingerprint;
        try {
            fingerprint = fingerprint(classPath);
        } catch (IOException | UncheckedIOException e) {
            return classPath;
        }
        return JARS.computeIfAbsent(folder + "\n" + fingerprint,
                key -> make(classPath, folder.resolve(fingerprint + "-qs.jar")))
                .map(Path::toString).orElse(classPath);
    }

    /**
     * Names the jar after what it is made of: each jar's size and time, and for a folder of classes (a build's
     * output) every wanted file's name, size and time, so that a rebuilt reference never runs from a stale copy.
     */
    private static String fingerprint(String classPath) throws IOException {
        StringBuilder stamp = new StringBuilder();
        for (String entry : classPath.split(File.pathSeparator)) {
            Path path = Path.of(entry);
            stamp.append(entry).append('\n');
            if (Files.isRegularFile(path)) {
                stamp.append(Files.size(path)).append('@').append(Files.getLastModifiedTime(path).toMillis());
            } else if (Files.isDirectory(path)) {
                try (Stream<Path> files = Files.walk(path)) {
                    for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                        String name = path.relativize(file).toString().replace(File.separatorChar, '/');
                        if (wanted(name)) {
                            stamp.append(name).append('=').append(Files.size(file)).append('@')
                                    .append(Files.getLastModifiedTime(file).toMillis()).append('\n');
                        }
                    }
                }
            }
            stamp.append('\n');
        }
        return ClassArchives.digest(stamp.toString());
    }

    private static Optional<Path> make(String classPath, Path jar) {
        try {
            if (Files.isRegularFile(jar) && Files.size(jar) > 0) {
                ClassArchives.markUsed(jar);
                return Optional.of(jar);
            }
            Path partial = Files.createTempFile(jar.getParent(), "qs-", ".jar");
            Set<String> written = new HashSet<>();
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(partial))) {
                for (String entry : classPath.split(File.pathSeparator)) {
                    Path path = Path.of(entry);
                    if (Files.isDirectory(path)) {
                        copyDirectory(path, out, written);
                    } else if (Files.isRegularFile(path)) {
                        copyJar(path, out, written);
                    }
                }
            }
            if (!written.contains(ServerCommand.REFERENCE_MAIN.replace('.', '/') + ".class")) {
                Files.deleteIfExists(partial);
                return Optional.empty();
            }
            Files.move(partial, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            ClassArchives.prune(jar.getParent(), Instant.now());
            return Optional.of(jar);
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }

    private static boolean wanted(String name) {
        return PREFIXES.stream().anyMatch(name::startsWith);
    }

    // The first class-path entry that has a name wins, as it does for the class loader.
    private static void copyJar(Path path, JarOutputStream out, Set<String> written) throws IOException {
        try (JarFile jar = new JarFile(path.toFile())) {
            Enumeration<JarEntry> entries = jar.entries();
            while (entries.hasMoreElements()) {
                JarEntry entry = entries.nextElement();
                if (!entry.isDirectory() && wanted(entry.getName()) && written.add(entry.getName())) {
                    try (InputStream in = jar.getInputStream(entry)) {
                        put(out, entry.getName(), in);
                    }
                }
            }
        }
    }

    private static void copyDirectory(Path root, JarOutputStream out, Set<String> written) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                String name = root.relativize(file).toString().replace(File.separatorChar, '/');
                if (wanted(name) && written.add(name)) {
                    try (InputStream in = Files.newInputStream(file)) {
                        put(out, name, in);
                    }
                }
            }
        }
    }

    private static void put(JarOutputStream out, String name, InputStream in) throws IOException {
        out.putNextEntry(new JarEntry(name));
        in.transferTo(out);
        out.closeEntry();
    }
}
