package org.couchtck.kit.endpoint;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.BuildResponseItem;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * An image of the reference endpoint built on this machine's Docker engine from nothing any registry holds: a rootfs
 * of a Java runtime (jlinked from the test JVM's JDK, or a copy of it), the shared libraries it loads (as {@code ldd}
 * names them on this machine), and the reference's runnable jar, {@code FROM scratch}. It keeps CouchDB's image
 * contract (port 5984, {@code /_up}, the admin from {@code COUCHDB_USER}/{@code COUCHDB_PASSWORD}), so the kit's
 * {@code docker:} endpoint starts it as it starts CouchDB's.
 */
final class ReferenceImage {

    /** What the reference needs of the platform (jdeps of its jar, with what it reaches by reflection or service). */
    private static final String MODULES = "java.base,java.desktop,java.logging,java.management,java.naming,"
            + "java.net.http,java.sql,java.xml,jdk.crypto.ec,jdk.dynalink,jdk.management,jdk.unsupported,jdk.zipfs";

    private ReferenceImage() {}

    /**
     * Builds the image and tags it {@code tag}.
     *
     * @param work a folder of the caller's for the runtime and the build context
     * @throws IOException when the runtime or the context cannot be made, or the engine refuses the build
     */
    static void build(DockerClient engine, Path referenceJar, Path work, String tag) throws IOException,
            InterruptedException {
        Path runtime = runtime(work.resolve("jre"));
        Path context = work.resolve("context.tar");
        try (OutputStream file = Files.newOutputStream(context);
                TarArchiveOutputStream tar = new TarArchiveOutputStream(file)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
            add(tar, "Dockerfile", dockerfile().getBytes(StandardCharsets.UTF_8), 0644);
            directory(tar, "rootfs/tmp/", 01777);
            try (Stream<Path> files = Files.walk(runtime)) {
                for (Path path : files.filter(Files::isRegularFile).toList()) {
                    add(tar, "rootfs/jre/" + runtime.relativize(path), path);
                }
            }
            for (Path library : librariesOf(runtime)) {
                add(tar, "rootfs" + library, library.toRealPath());
            }
            add(tar, "rootfs/app/couchtck-reference.jar", referenceJar);
        }
        Built built = new Built();
        try (InputStream in = Files.newInputStream(context)) {
            engine.buildImageCmd(in).withTags(Set.of(tag)).withPull(false).withNoCache(true).exec(built);
            if (!built.awaitCompletion(5, TimeUnit.MINUTES)) {
                throw new IOException("the engine did not build " + tag + " within 5 minutes");
            }
        }
        if (built.error != null) {
            throw new IOException("the engine refused to build " + tag + ": " + built.error);
        }
    }

    private static String dockerfile() {
        return String.join("\n", "FROM scratch", "COPY rootfs/ /", "EXPOSE 5984",
                "ENTRYPOINT [\"/jre/bin/java\", \"-XX:TieredStopAtLevel=1\", \"-XX:+UseSerialGC\", "
                        + "\"-Djava.io.tmpdir=/tmp\", \"-jar\", \"/app/couchtck-reference.jar\", \"serve\", "
                        + "\"--bind\", \"0.0.0.0\", \"--port\", \"5984\"]", "");
    }

    /** A Java runtime for the image: jlinked where the JDK has its jmods, else the test JVM's own. */
    private static Path runtime(Path output) throws IOException {
        Path home = Path.of(System.getProperty("java.home"));
        ToolProvider jlink = ToolProvider.findFirst("jlink").orElse(null);
        if (jlink != null && Files.isDirectory(home.resolve("jmods"))) {
            ByteArrayOutputStream said = new ByteArrayOutputStream();
            PrintWriter writer = new PrintWriter(said, true, StandardCharsets.UTF_8);
            int status = jlink.run(writer, writer, "--add-modules", MODULES, "--output", output.toString(),
                    "--strip-debug", "--no-header-files", "--no-man-pages");
            if (status != 0) {
                throw new IOException("jlink exited with " + status + ": " + said.toString(StandardCharsets.UTF_8));
            }
            return output;
        }
        for (String part : List.of("bin", "lib", "conf")) {
            Path from = home.resolve(part);
            try (Stream<Path> files = Files.walk(from)) {
                for (Path path : files.filter(Files::isRegularFile).toList()) {
                    Path to = output.resolve(part).resolve(from.relativize(path).toString());
                    Files.createDirectories(to.getParent());
                    Files.copy(path, to);
                }
            }
        }
        return output;
    }

    /** The shared libraries outside the runtime that its launcher and libraries load, as ldd resolves them here. */
    private static Set<Path> librariesOf(Path runtime) throws IOException, InterruptedException {
        List<Path> binaries = new ArrayList<>();
        try (Stream<Path> files = Files.walk(runtime)) {
            files.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".so")
                    || p.getParent().getFileName().toString().equals("bin")).forEach(binaries::add);
        }
        Set<Path> libraries = new TreeSet<>();
        for (Path binary : binaries) {
            Process ldd = new ProcessBuilder("ldd", binary.toString()).redirectErrorStream(true).start();
            String out = new String(ldd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            ldd.waitFor();
            for (String line : out.split("\n")) {
                // "libz.so.1 => /lib/x86_64-linux-gnu/libz.so.1 (0x...)" or "/lib64/ld-linux-x86-64.so.2 (0x...)"
                String[] words = line.trim().split("\\s+");
                String path = words.length >= 3 && words[1].equals("=>") ? words[2] : words[0];
                if (path.startsWith("/") && !path.startsWith(runtime.toString()) && Files.exists(Path.of(path))) {
                    libraries.add(Path.of(path));
                }
            }
        }
        return libraries;
    }

    private static void add(TarArchiveOutputStream tar, String name, Path file) throws IOException {
        TarArchiveEntry entry = new TarArchiveEntry(name);
        entry.setSize(Files.size(file));
        entry.setMode(Files.isExecutable(file) || name.endsWith(".so") || name.contains(".so.") ? 0755 : 0644);
        tar.putArchiveEntry(entry);
        Files.copy(file, tar);
        tar.closeArchiveEntry();
    }

    private static void add(TarArchiveOutputStream tar, String name, byte[] content, int mode) throws IOException {
        TarArchiveEntry entry = new TarArchiveEntry(name);
        entry.setSize(content.length);
        entry.setMode(mode);
        tar.putArchiveEntry(entry);
        tar.write(content);
        tar.closeArchiveEntry();
    }

    private static void directory(TarArchiveOutputStream tar, String name, int mode) throws IOException {
        TarArchiveEntry entry = new TarArchiveEntry(name);
        entry.setMode(TarArchiveEntry.DEFAULT_DIR_MODE & ~0777 | mode);
        tar.putArchiveEntry(entry);
        tar.closeArchiveEntry();
    }

    /** A build's progress, keeping the error the engine reports inside its stream. */
    private static final class Built extends ResultCallback.Adapter<BuildResponseItem> {
        private volatile String error;

        @Override
        public void onNext(BuildResponseItem item) {
            if (item.isErrorIndicated()) {
                error = item.getErrorDetail() != null ? item.getErrorDetail().getMessage() : item.getError();
            }
        }
    }
}
