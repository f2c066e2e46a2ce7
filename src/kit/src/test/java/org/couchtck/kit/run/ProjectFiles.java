package org.couchtck.kit.run;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the project root and the shared folder beside it are, as the kit's pom tells the tests. */
public final class ProjectFiles {

    private ProjectFiles() {}

    /** The project root (system property couchtck.project.dir; by default two levels up from the kit module). */
    public static Path root() {
        String dir = System.getProperty("couchtck.project.dir");
        Path path = dir != null ? Path.of(dir) : Path.of("../..");
        if (!Files.isDirectory(path.resolve("fixtures"))) {
            throw new IllegalStateException("project root not found at " + path.toAbsolutePath()
                    + " (set -Dcouchtck.project.dir)");
        }
        return path;
    }

    /** The shared folder beside the project root (system property couchtck.shared.dir). */
    public static Path shared() {
        String dir = System.getProperty("couchtck.shared.dir");
        Path path = dir != null ? Path.of(dir) : root().resolve("../shared");
        if (!Files.isDirectory(path)) {
            throw new IllegalStateException("shared folder not found at " + path.toAbsolutePath()
                    + " (set -Dcouchtck.shared.dir)");
        }
        return path;
    }
}
