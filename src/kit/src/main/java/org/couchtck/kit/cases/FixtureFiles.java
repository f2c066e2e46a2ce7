package org.couchtck.kit.cases;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Finds and reads the {@code *.json} fixture files of a folder, on disk or inside the kit's jar. */
public final class FixtureFiles {

    /** A file that is packaged beside the corpus folder; resources are looked up by file, which every jar lists. */
    private static final String ANCHOR = "/fixtures/README.md";
    /** The corpus folder of the query-server cases. */
    static final String QUERY_SERVER = "query-server";
    /** The folder of the function catalogue and the language packs. */
    static final String FUNCTIONS = "functions";
    /** The corpus folder of the HTTP cases. */
    public static final String HTTP = "http";

    private FixtureFiles() {
    }

    /** The files of the built-in folder {@code fixtures/<folder>}, named {@code fixtures/<folder>/<file>}. */
    public static List<FixtureSource> builtIn(String folder) {
        return besideAnchor(FixtureFiles.class.getResource(ANCHOR), folder, false);
    }

    /**
     * The files of the built-in folder {@code fixtures/<folder>}, or none when the kit ships no such folder (a corpus
     * that has no cases yet).
     */
    public static List<FixtureSource> builtInIfPresent(String folder) {
        return besideAnchor(FixtureFiles.class.getResource(ANCHOR), folder, true);
    }

    /** The files of {@code folder} next to the resource {@code anchor} ({@code fixtures/README.md}). */
    static List<FixtureSource> besideAnchor(URL anchor, String folder) {
        return besideAnchor(anchor, folder, false);
    }

    /**
     * The files of {@code folder} next to the resource {@code anchor}; when {@code optional}, a missing folder has no
     * files instead of being an error.
     */
    static List<FixtureSource> besideAnchor(URL anchor, String folder, boolean optional) {
        String prefix = "fixtures/" + folder + "/";
        if (anchor == null) {
            throw new FixtureException("fixtures/" + folder, "", "", "the built-in fixtures are not on the classpath");
        }
        URI uri;
        try {
            uri = anchor.toURI();
        } catch (URISyntaxException e) {
            throw new FixtureException("fixtures/" + folder, "", "", "unreadable resource location " + anchor);
        }
        if (!"jar".equals(uri.getScheme())) {
            return read(Path.of(uri).getParent().resolve(folder), prefix, optional);
        }
        try {
            FileSystem jar = FileSystems.newFileSystem(uri, Map.of());
            try (jar) {
                return read(jar.getPath("/" + prefix), prefix, optional);
            }
        } catch (FileSystemAlreadyExistsException e) {
            // Someone else opened the jar; it is theirs to close.
            return read(FileSystems.getFileSystem(uri).getPath("/" + prefix), prefix, optional);
        } catch (IOException e) {
            throw new FixtureException(uri.toString(), "", "", "cannot open the kit jar: " + e.getMessage());
        }
    }

    /** One file on disk, named by its path. */
    static FixtureSource file(Path file) {
        try {
            return new FixtureSource(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException | UncheckedIOException e) {
            throw new FixtureException(file.toString(), "", "", "cannot read: " + e.getMessage());
        }
    }

    /** The fixture files of {@code dir} (not its subfolders), named by their path. */
    public static List<FixtureSource> in(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new FixtureException(dir.toString(), "", "", "not a folder of fixture files");
        }
        return read(dir, dir.toString() + dir.getFileSystem().getSeparator(), false);
    }

    private static List<FixtureSource> read(Path dir, String namePrefix, boolean optional) {
        if (optional && !Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> files;
        try (Stream<Path> listing = Files.list(dir)) {
            files = listing.filter(p -> p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p))
                    .sorted((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()))
                    .toList();
        } catch (IOException e) {
            throw new FixtureException(dir.toString(), "", "", "cannot list fixture files: " + e.getMessage());
        }
        List<FixtureSource> sources = new ArrayList<>();
        for (Path file : files) {
            String name = namePrefix + file.getFileName();
            try {
                sources.add(new FixtureSource(name, Files.readString(file, StandardCharsets.UTF_8)));
            } catch (IOException | UncheckedIOException e) {
                throw new FixtureException(name, "", "", "cannot read: " + e.getMessage());
            }
        }
        return sources;
    }
}
