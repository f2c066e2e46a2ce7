package org.couchtck.kit.testservers;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Line-oriented standard input and output in UTF-8 for the test doubles, flushed after every line. */
final class LineIo {

    private final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    private final OutputStream out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 64 * 1024);

    /** The next line from standard input, or null at its end. */
    String readLine() {
        try {
            return in.readLine();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code text} and a newline to standard output. */
    void println(String text) {
        write((text + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Writes raw bytes to standard output. */
    void write(byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
        } catch (IOException e) {
            // The kit closed the pipe: nobody is listening any more.
            System.exit(0);
        }
    }
}
