package org.couchtck.kit.process;

/** The last few kilobytes a server wrote to standard error, for error messages. Thread-safe. */
final class StderrTail {

    private final int capacity;
    private final StringBuilder text = new StringBuilder();

    StderrTail(int capacity) {
        this.capacity = capacity;
    }

    synchronized void appendLine(String line) {
        text.append(line).append('\n');
        // Trim in batches, not on every line, so appending stays cheap.
        if (text.length() > 2 * capacity) {
            text.delete(0, text.length() - capacity);
        }
    }

    synchronized String tail() {
        return text.length() <= capacity ? text.toString() : text.substring(text.length() - capacity);
    }
}
