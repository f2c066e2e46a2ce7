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
final class FixtureFiles {

    /** A file that is packaged beside the corpus folder; resources are looked up by file, which every jar lists. */
    private static final String ANCHOR = "/fixtures/README.md";
    private static final String BUILT_IN_FOLDER = "/fixtures/query-server";

    private FixtureFiles() {
    }

    /** The fixture files packaged with the kit, named {@code fixtures/query-server/<file>}. */
    static List<FixtureSource> builtIn() {
        return besideAnchor(FixtureFiles.class.getResource(ANCHOR));
    }

    /** The {@code query-server} folder next to the resource {@code anchor} ({@code fixtures/README.md}). */
    static List<FixtureSource> besideAnchor(URL anchor) {
        if (anchor == null) {
            throw new FixtureException("fixtures/query-server", "", "", "the built-in corpus is not on the classpath");
        }
        URI uri;
        try {
            uri = anchor.toURI();
        } catch (URISyntaxException e) {
            throw new FixtureException("fixtures/query-server", "", "", "unreadable resource location " + anchor);
        }
        if (!"jar".equals(uri.getScheme())) {
            return read(Path.of(uri).getParent().resolve("query-server"), "fixtures/query-server/");
        }
        try {
            FileSystem jar = FileSystems.newFileSystem(uri, Map.of());
            try (jar) {
                return read(jar.getPath(BUILT_IN_FOLDER), "fixtures/query-server/");
            }
        } catch (FileSystemAlreadyExistsException e) {
            // Someone else opened the jar; it is theirs to close.
            return read(FileSystems.getFileSystem(uri).getPath(BUILT_IN_FOLDER), "fixtures/query-server/");
        } catch (IOException e) {
            throw new FixtureException(uri.toString(), "", "", "cannot open the kit jar: " + e.getMessage());
        }
    }

    /** The fixture files of {@code dir} (not its subfolders), named by their path. */
    static List<FixtureSource> in(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new FixtureException(dir.toString(), "", "", "not a folder of fixture files");
        }
        return read(dir, dir.toString() + dir.getFileSystem().getSeparator());
    }

    private static List<FixtureSource> read(Path dir, String namePrefix) {
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
