package org.couchtck.reference.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The ini files a node reads, in order: each file's values win over the files before it. */
public final class IniFiles {

    private final List<Path> paths;

    public IniFiles(List<Path> paths) {
        this.paths = List.copyOf(paths);
    }

    public List<Path> paths() {
        return paths;
    }

    /**
     * Reads every file afresh.
     *
     * @throws IOException naming the file that could not be read (CouchDB refuses to start without one)
     */
    public IniValues read() throws IOException {
        List<IniFile> files = new ArrayList<>();
        for (Path path : paths) {
            try {
                files.add(IniFile.parse(new String(Files.readAllBytes(path), StandardCharsets.UTF_8)));
            } catch (NoSuchFileException e) {
                throw new IOException("Couldn't find server configuration file " + path + ".", e);
            } catch (IOException e) {
                throw new IOException("Couldn't read server configuration file " + path + ": " + e, e);
            }
        }
        return IniValues.of(files);
    }
}
