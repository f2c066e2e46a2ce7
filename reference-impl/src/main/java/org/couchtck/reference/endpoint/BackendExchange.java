package org.couchtck.reference.endpoint;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLSocketFactory;

/**
 * One HTTP/1.x exchange with a proxy's backend on a connection of its own, written byte for byte as ibrowse sent it
 * for couch_httpd_proxy ({@code headers_as_is}: the headers exactly as given, no Host added), the body streamed, the
 * response's head read (a {@code 100 Continue} skipped) and its body handed on piece by piece as it arrives. Nothing
 * here times out: couch_httpd_proxy waited {@code infinity}; closing the exchange from another thread ends a wait.
 */
final class BackendExchange implements Closeable {

    /** ibrowse reads and couch_httpd_proxy streams in pieces of this size (?PKT_SIZE). */
    static final int PIECE = 4096;
    private static final byte[] CRLF = {'\r', '\n'};

    /** The status and headers of the response, the headers as the backend spelled and ordered them. */
    record Head(int status, List<Map.Entry<String, String>> headers) {
        /** The first value of a header, by case-insensitive name. */
        java.util.Optional<String> header(String name) {
            return headers.stream().filter(h -> h.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue)
                    .findFirst();
        }
    }

    /** Where the body's pieces go. */
    interface Sink {
        void accept(byte[] piece) throws IOException;
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private BackendExchange(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream());
        this.out = new BufferedOutputStream(socket.getOutputStream());
    }

    /** Connects to the backend {@code url} names (TLS for https). */
    static BackendExchange open(ProxyUrl url) throws IOException {
        Socket socket = url.protocol().equals("https") ? SSLSocketFactory.getDefault().createSocket() : new Socket();
        try {
            socket.connect(new InetSocketAddress(url.host(), url.port()));
            return new BackendExchange(socket);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /** The request line and headers, then the blank line. */
    void sendHead(String method, String target, String version, List<Map.Entry<String, String>> headers)
            throws IOException {
        StringBuilder head = new StringBuilder(method).append(' ').append(target).append(' ').append(version)
                .append("\r\n");
        for (Map.Entry<String, String> h : headers) {
            head.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
        }
        head.append("\r\n");
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** Copies exactly {@code length} bytes of {@code body}, each piece sent as it is read. */
    void sendBody(InputStream body, long length) throws IOException {
        byte[] buffer = new byte[PIECE];
        long left = length;
        while (left > 0) {
            int n = body.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (n < 0) {
                // the client went before its body was whole: the backend would wait for the rest for ever
                throw new IOException("the request body ended " + left + " bytes short");
            }
            out.write(buffer, 0, n);
            out.flush();
            left -= n;
        }
    }

    /** Copies {@code body} to its end, each piece sent at once as one chunk, then the last chunk. */
    void sendChunked(InputStream body) throws IOException {
        byte[] buffer = new byte[PIECE];
        int n;
        while ((n = body.read(buffer)) >= 0) {
            if (n > 0) {
                out.write(Integer.toHexString(n).getBytes(StandardCharsets.ISO_8859_1));
                out.write(CRLF);
                out.write(buffer, 0, n);
                out.write(CRLF);
                out.flush();
            }
        }
        out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** The response's status line and headers; interim {@code 100 Continue} responses are read past. */
    Head readHead() throws IOException {
        while (true) {
            String status = line();
            if (status == null) {
                throw new EOFException("the backend closed the connection before it answered");
            }
            String[] parts = status.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
                throw new IOException("not an HTTP status line: " + status);
            }
            int code = Integer.parseInt(parts[1].trim());
            List<Map.Entry<String, String>> headers = new ArrayList<>();
            String line;
            while ((line = line()) != null && !line.isEmpty()) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    headers.add(Map.entry(line.substring(0, colon).trim(), line.substring(colon + 1).trim()));
                }
            }
            if (code != 100) {
                return new Head(code, headers);
            }
        }
    }

    /** A chunked body: each chunk's data handed on as it arrives, in pieces; the trailers read past. */
    void readChunked(Sink sink) throws IOException {
        while (true) {
            String size = line();
            if (size == null) {
                throw new EOFException("the backend closed the connection inside a chunked body");
            }
            int semicolon = size.indexOf(';');
            long length = Long.parseLong((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
            if (length == 0) {
                String trailer;
                do {
                    trailer = line();
                } while (trailer != null && !trailer.isEmpty());
                return;
            }
            readExactly(length, sink);
            line();
        }
    }

    /** A body of {@code length} bytes, handed on in pieces as they arrive. */
    void readLength(long length, Sink sink) throws IOException {
        readExactly(length, sink);
    }

    /** A body that ends when the backend closes the connection. */
    void readToEnd(Sink sink) throws IOException {
        byte[] buffer = new byte[PIECE];
        int n;
        while ((n = in.read(buffer)) >= 0) {
            if (n > 0) {
                sink.accept(java.util.Arrays.copyOf(buffer, n));
            }
        }
    }

    private void readExactly(long length, Sink sink) throws IOException {
        byte[] buffer = new byte[PIECE];
        long left = length;
        while (left > 0) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (n < 0) {
                throw new EOFException("the backend closed the connection " + left + " bytes short");
            }
            sink.accept(java.util.Arrays.copyOf(buffer, n));
            left -= n;
        }
    }

    /** One line without its CRLF (or bare LF), or null at the end of the stream. */
    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            if (c == '\n') {
                byte[] bytes = line.toByteArray();
                int end = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, end, StandardCharsets.ISO_8859_1);
            }
            line.write(c);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }

    /** Whether a Transfer-Encoding value says chunked, as couch_httpd_proxy:is_chunked compares it. */
    static boolean chunked(String transferEncoding) {
        return transferEncoding.toLowerCase(Locale.ROOT).equals("chunked");
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
