package org.couchtck.reference.queryserver;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Splits a byte stream into UTF-8 lines at line feeds only: a CR before the line feed stays part
 * of the line, as couchjs's readline keeps it. A last line without a line feed still counts.
 */
final class LineReader {

  private final InputStream in;
  private final byte[] buffer = new byte[64 * 1024];
  private int position;
  private int limit;
  // Where hasBufferedLine found the next line feed, so that readLine need not look again; -1 when
  // it has not looked since the last line was read.
  private int nextLineFeed = -1;

  LineReader(InputStream in) {
    this.in = in;
  }

  /**
   * Whether a whole next line is already buffered, so that {@link #readLine} returns it without
   * reading (without waiting for the peer).
   */
  boolean hasBufferedLine() {
    if (nextLineFeed < 0) {
      nextLineFeed = lineFeedInBuffer();
    }
    return nextLineFeed >= 0;
  }

  private int lineFeedInBuffer() {
    for (int i = position; i < limit; i++) {
      if (buffer[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  /** The next line without its line feed, or null at end of input. */
  String readLine() throws IOException {
    // Most lines lie whole in the buffer: decode them from there.
    int lineFeed = nextLineFeed >= 0 ? nextLineFeed : lineFeedInBuffer();
    nextLineFeed = -1;
    if (lineFeed >= 0) {
      String line = new String(buffer, position, lineFeed - position, StandardCharsets.UTF_8);
      position = lineFeed + 1;
      return line;
    }
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    boolean sawAnything = false;
    while (true) {
      if (position == limit) {
        limit = in.read(buffer);
        position = 0;
        if (limit <= 0) {
          limit = 0;
          return sawAnything ? line.toString(StandardCharsets.UTF_8) : null;
        }
      }
      sawAnything = true;
      int start = position;
      while (position < limit && buffer[position] != '\n') {
        position++;
      }
      line.write(buffer, start, position - start);
      if (position < limit) {
        position++; // the line feed
        return line.toString(StandardCharsets.UTF_8);
      }
    }
  }
}
