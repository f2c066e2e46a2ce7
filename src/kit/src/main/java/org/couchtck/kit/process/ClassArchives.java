package org.couchtck.kit.process;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.couchtck.reference.queryserver.ClassArchive;
import org.couchtck.reference.queryserver.QueryServerJvm;

/**
 * Class-data-sharing archives of the programs the kit starts again and again: the reference query server (a process
 * for every case that needs a fresh one) and the kit's own daemons and handlers (a JVM for every boot, several in the
 * restart cases). Most of such a start is loading classes from jars; from an archive a reference start costs about a
 * third less CPU, a daemon's boot about 40 % less. An archive is made once per JDK, class path and program by a short
 * {@linkplain Training training session}, kept in the temporary folder, and simply not used when it cannot be made
 * (an old or unusual JVM, a class path with folders of classes): it only ever saves time.
 *
 * <p>Set the system property {@value #DISABLE_PROPERTY} to {@code false} to never use one.
 */
final class ClassArchives {

    static final String DISABLE_PROPERTY = "couchtck.classArchive";

    /** What a training session runs: a main class of the class path, and the lines it reads on its standard input. */
    record Training(String mainClass, List<String> input) {
        /** The reference query server, answering requests of each kind CouchDB sends. */
        static final Training REFERENCE = new Training(ServerCommand.REFERENCE_MAIN, ClassArchive.TRAINING);
        /**
         * The kit's programs: what a daemon does at boot ({@code ProgramTraining}, named rather than referenced: the
         * processes the kit runs need not know the programs it ships).
         */
        static final Training PROGRAMS = new Training(
                "org.couchtck.kit.daemons.programs.ProgramTraining", List.of());
    }

    private static final Duration TRAINING_LIMIT = Duration.ofSeconds(60);
    /**
     * How long a file of the folder may go unused before the next archive or jar made there deletes it: each build of
     * the kit makes a new thin jar and archive (7 MB together), which would otherwise pile up in the temporary folder.
     * A run marks the ones it uses, so only a JVM running for days could still need one deleted.
     */
    static final Duration KEPT_UNUSED = Duration.ofDays(3);
    private static final Map<String, Optional<Path>> ARCHIVES = new ConcurrentHashMap<>();

    private ClassArchives() {}

    /**
     * JVM options that start {@code training}'s program from its archive for {@code classPath}, making the archive
     * first if there is none yet; no options when it cannot be had.
     */
    static List<String> jvmOptions(String java, String classPath, Training training) {
        if ("false".equalsIgnoreCase(System.getProperty(DISABLE_PROPERTY))) {
            return List.of();
        }
        return ARCHIVES.computeIfAbsent(java + "\n" + classPath + "\n" + training.mainClass(),
                        key -> archive(java, classPath, training))
                .map(archive -> QueryServerJvm.fromArchive(archive.toString()))
                .orElse(List.of());
    }

    // The JVM archives classes of jars only: a training session on folders would be for nothing.
    private static boolean hasFolder(String classPath) {
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!Files.isRegularFile(Path.of(entry))) {
                return true;
            }
        }
        return false;
    }

    private static Optional<Path> archive(String java, String classPath, Training training) {
        if (hasFolder(classPath)) {
            return Optional.empty();
        }
        try {
            Path folder = folder();
            Path archive = folder.resolve(fingerprint(java, classPath, training.mainClass()) + ".jsa");
            if (Files.isRegularFile(archive) && Files.size(archive) > 0) {
                markUsed(archive);
                return Optional.of(archive);
            }
            if (ClassArchive.make(java, List.of("-cp", classPath, training.mainClass()), training.input(), archive,
                    TRAINING_LIMIT)) {
                prune(folder, Instant.now());
                return Optional.of(archive);
            }
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Names the archive after everything that decides whether it fits: the JVM, each class-path entry and the program
     * it was trained on.
     */
    static String fingerprint(String java, String classPath, String mainClass) throws IOException {
        StringBuilder stamp = new StringBuilder(java + "\n" + System.getProperty("java.vm.version") + "\n" + mainClass
                + "\n");
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

    /**
     * Marks {@code file} of the folder as used now, so that {@link #prune} keeps it: by its access time, since its
     * modification time is part of the {@linkplain #fingerprint fingerprint} of an archive made for it (marking a jar
     * by that made every run train a new archive).
     */
    static void markUsed(Path file) {
        try {
            Files.getFileAttributeView(file, BasicFileAttributeView.class)
                    .setTimes(null, FileTime.from(Instant.now()), null);
        } catch (IOException e) {
            // another user's file, or gone: pruning may take it, and a run that needs it makes it again
        }
    }

    /**
     * Deletes the files of {@code folder} unused for {@link #KEPT_UNUSED} before {@code now}: neither made nor
     * {@linkplain #markUsed marked} since.
     */
    static void prune(Path folder, Instant now) {
        Instant before = now.minus(KEPT_UNUSED);
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                try {
                    if (Files.isRegularFile(file) && lastUsed(file).isBefore(before)) {
                        Files.deleteIfExists(file);
                    }
                } catch (IOException e) {
                    // not ours to delete, or deleted meanwhile
                }
            }
        } catch (IOException e) {
            // an unreadable folder is left as it is
        }
    }

    private static Instant lastUsed(Path file) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
        Instant modified = attributes.lastModifiedTime().toInstant();
        Instant accessed = attributes.lastAccessTime().toInstant();
        return accessed.isAfter(modified) ? accessed : modified;
    }

    /** The folder where archives and query-server jars are kept. */
    static Path folder() throws IOException {
        return Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "couchtck-cds"));
    }
}
