package org.couchtck.maven;

import java.io.Writer;
import java.util.function.Consumer;

/** Hands what the kit prints to Maven's log, one line at a time (Maven's log takes lines, not streams). */
final class MavenLogWriter extends Writer {

    private final Consumer<String> log;
    private final StringBuilder line = new StringBuilder();

    MavenLogWriter(Consumer<String> log) {
        this.log = log;
    }

    @Override
    public synchronized void write(char[] chars, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            char c = chars[i];
            if (c == '\n') {
                emit();
            } else if (c != '\r') {
                line.append(c);
            }
        }
    }

    @Override
    public void flush() {
        // Only whole lines are logged; a partial line waits for its end or for close.
    }

    @Override
    public synchronized void close() {
        if (line.length() > 0) {
            emit();
        }
    }

    private void emit() {
        log.accept(line.toString());
        line.setLength(0);
    }
}
