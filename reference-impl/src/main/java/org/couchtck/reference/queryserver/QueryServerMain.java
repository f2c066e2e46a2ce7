package org.couchtck.reference.queryserver;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The stdio query server: reads protocol lines from stdin, writes each answer to stdout (flushed
 * after every reply) and exits as couchjs on SpiderMonkey does: 0 at end of input, 255 after a
 * fatal error, 0 without a reply after a line that is not JSON.
 */
public final class QueryServerMain {

  private QueryServerMain() {}

  /** Runs the server on the process's stdin and stdout; arguments are ignored. */
  public static void main(String[] args) throws IOException {
    int status;
    try (QueryServer server = new QueryServer(QueryServerOptions.defaults())) {
      status =
          serve(
              server,
              new FileInputStream(FileDescriptor.in),
              new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 64 * 1024),
              System.err);
    }
    System.exit(status);
  }

  /**
   * Answers lines from {@code in} until the server exits or the input ends.
   *
   * @return the exit status
   */
  static int serve(QueryServer server, InputStream in, OutputStream out, PrintStream diagnostics)
      throws IOException {
    try {
      return server.serve(new StdioChannel(new LineReader(in), out, diagnostics));
    } finally {
      out.flush();
    }
  }

  /**
   * Protocol lines from a byte stream, responses to another. A response is flushed unless the
   * peer has already sent the next line, which is then answered first: a peer that waits for
   * each reply (CouchDB) gets every reply at once, and one that streams lines in gets them in
   * batches of at most {@value #MAX_UNFLUSHED} replies, flushed at the latest when no next line
   * is there to answer.
   */
  private static final class StdioChannel implements QueryServer.LineChannel {

    // Small enough that a streaming peer gets replies every millisecond or so, large enough that
    // write calls cost little: 512 map_doc replies are about 16 KB (with 32 a piped million
    // documents took 6 % longer, the write calls and the reader's wake-ups).
    private static final int MAX_UNFLUSHED = 512;

    private final LineReader lines;
    private final OutputStream out;
    private final PrintStream diagnostics;
    private int unflushed;

    StdioChannel(LineReader lines, OutputStream out, PrintStream diagnostics) {
      this.lines = lines;
      this.out = out;
      this.diagnostics = diagnostics;
    }

    @Override
    public String readLine() throws IOException {
      return lines.readLine();
    }

    @Override
    public void write(Response response) throws IOException {
      for (String line : response.logLines()) {
        writeLine(line);
      }
      if (response.reply().isPresent()) {
        writeLine(response.reply().get());
      }
      if (response.exits() || ++unflushed >= MAX_UNFLUSHED || !lines.hasBufferedLine()) {
        out.flush();
        unflushed = 0;
      }
      if (!response.diagnostics().isEmpty()) {
        diagnostics.print(response.diagnostics());
        diagnostics.flush();
      }
    }

    private void writeLine(String line) throws IOException {
      out.write(line.getBytes(StandardCharsets.UTF_8));
      out.write('\n');
    }
  }
}
